// The layers import downwards only: api primitives <- access <- metering <- pipeline <- surfaces.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const LIB = join(process.cwd(), "lib");
/** Each layer and the lib/ folders it is made of; everything else in lib/ is a surface or a domain beside them. */
const LAYERS = [
  ["api", ["api"]],
  ["access", ["access"]],
  ["metering", ["metering"]],
  ["pipeline", ["pipeline"]],
] as const;
const rank = (folder: string) => LAYERS.findIndex(([, folders]) => (folders as readonly string[]).includes(folder));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === "generated") return [];
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(entry) ? [path] : [];
  });
}

describe("lib/ layering", () => {
  it("no module imports from a layer above its own (type-only imports included)", () => {
    const upward: string[] = [];
    for (const file of sourceFiles(LIB)) {
      const folder = relative(LIB, file).split("/")[0];
      const own = rank(folder);
      if (own < 0) continue;
      for (const match of readFileSync(file, "utf8").matchAll(/from "(\.\.\/[^"]+)"/g)) {
        const target = relative(LIB, join(file, "..", match[1])).split("/")[0];
        const theirs = rank(target);
        // A folder outside the four layers is a surface (rest, session, auth, ...): above all of them.
        if (theirs > own || (theirs < 0 && !["db", "config"].includes(target))) upward.push(`${relative(LIB, file)} -> ${match[1]}`);
      }
    }
    expect(upward).toEqual([]);
  });
});
