// npm run migrate:diff -- NAME: write the migration from the schema at HEAD to the working schema.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { diffSchemas, migrationsDir } from "../lib/db/migrate-database";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run migrate:diff -- name_in_snake_case");
  process.exit(2);
}

function committedSchema(): string | null {
  try {
    return execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return null;
  }
}

const sql = await diffSchemas(committedSchema(), readFileSync("prisma/schema.prisma", "utf8"));
if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
  console.log("no changes");
} else {
  const dir = migrationsDir();
  // numbers have gaps (folded migrations): the next one follows the highest, not the count
  const numbers = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => parseInt(entry.name, 10) || 0);
  const next = Math.max(0, ...numbers) + 1;
  const folder = join(dir, `${String(next).padStart(4, "0")}_${name}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "migration.sql"), sql);
  console.log(`wrote ${folder}/migration.sql`);
}
