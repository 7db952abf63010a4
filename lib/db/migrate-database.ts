import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { openSchemaEngine } from "./schema-engine";

// The repo root from this file, so tests and tools work from any working directory.
const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

const NO_FILTER = { externalTables: [], externalEnums: [] };

export function migrationsDir(root = REPO_ROOT): string {
  return resolve(root, "prisma/migrations");
}

function schemaText(root = REPO_ROOT): string {
  return readFileSync(resolve(root, "prisma/schema.prisma"), "utf8");
}

/** The standard migrations folder, as the engine wants it. */
export function listMigrations(dir = migrationsDir()) {
  const lockPath = join(dir, "migration_lock.toml");
  return {
    baseDir: dir,
    lockfile: { path: "migration_lock.toml", content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null },
    shadowDbInitScript: "",
    migrationDirectories: readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
      .map((name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: { tag: "ok" as const, value: readFileSync(join(dir, name, "migration.sql"), "utf8") },
        },
      })),
  };
}

/** Applies the migrations not yet applied (recorded in `_prisma_migrations`, as `prisma migrate deploy` does). */
export async function migrateDatabase(databaseUrl: string): Promise<{ applied: string[] }> {
  const { engine, close } = await openSchemaEngine(databaseUrl, schemaText());
  try {
    const output = await engine.applyMigrations({ migrationsList: listMigrations(), filters: NO_FILTER });
    return { applied: output.appliedMigrationNames };
  } finally {
    await close();
  }
}

/** The SQL that turns one schema file into another (`null`: from an empty database). */
export async function diffSchemas(fromSchema: string | null, toSchema: string): Promise<string> {
  const { engine, close } = await openSchemaEngine(null, toSchema);
  try {
    const file = (content: string) => ({ files: [{ path: "schema.prisma", content }] });
    const result = await engine.diff({
      from: fromSchema === null ? { tag: "empty" } : { tag: "schemaDatamodel", ...file(fromSchema) },
      to: { tag: "schemaDatamodel", ...file(toSchema) },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return result.stdout ?? "";
  } finally {
    await close();
  }
}
