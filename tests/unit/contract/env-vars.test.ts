// README's configuration table names every environment variable the application reads.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = process.cwd();

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === "generated" || entry === "node_modules") return [];
    return statSync(path).isDirectory() ? sources(path) : /\.(tsx?|mjs)$/.test(entry) ? [path] : [];
  });
}

describe("configuration", () => {
  it("every environment variable read by lib/, app/, prisma/ or next.config.mjs is in README's table", () => {
    const files = [...sources(join(ROOT, "lib")), ...sources(join(ROOT, "app")), ...sources(join(ROOT, "prisma")), join(ROOT, "next.config.mjs")];
    const read = new Set<string>();
    for (const file of files) {
      for (const match of readFileSync(file, "utf8").matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) read.add(match[1]);
    }
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 5));
    const missing = [...read].filter((name) => !table.includes(`\`${name}\``)).sort();
    expect(missing).toEqual([]);
  });
});
