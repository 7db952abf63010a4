import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded-server";
import { diffSchemas, migrateDatabase, migrationsDir } from "../../lib/db/migrate-database";

const ADMIN_URL = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SCHEMA = readFileSync(new URL("../../prisma/schema.prisma", import.meta.url), "utf8");
const MIGRATIONS = readdirSync(migrationsDir(), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Every @@map("table") of the schema: the tables a migrated database must have. */
const TABLES = [...SCHEMA.matchAll(/@@map\("([a-z_]+)"\)/g)].map((m) => m[1]);
const SEARCH_INDEXES = ["games_name_trgm_idx", "games_name_key_idx", "tags_name_trgm_idx", "games_platforms_idx", "games_genres_idx", "games_developers_idx", "games_publishers_idx", "games_rating_idx"];

async function inspect(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'");
    const indexes = await client.query<{ name: string }>("SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public'");
    const columns = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'games'",
    );
    const trigram = await client.query<{ s: number }>("SELECT similarity('counter strike', 'counter-strike') AS s");
    return { tables: tables.rows.map((r) => r.name), indexes: indexes.rows.map((r) => r.name), gameColumns: columns.rows[0].n, similarity: trigram.rows[0].s };
  } finally {
    await client.end();
  }
}

function gameFieldCount(): number {
  const body = /model Game \{([\s\S]*?)\n\}/.exec(SCHEMA)![1];
  // Scalar fields only: relation lists (GameTag[] ...) and @@ attributes are not columns.
  return body.split("\n").filter((line) => /^\s+\w+\s+(Int|String|Float|Boolean|DateTime|Json|BigInt)(\[\])?\??(\s|$)/.test(line)).length;
}

function expectMigrated(state: Awaited<ReturnType<typeof inspect>>) {
  expect(state.tables).toEqual(expect.arrayContaining([...TABLES, "_prisma_migrations"]));
  expect(state.indexes).toEqual(expect.arrayContaining(SEARCH_INDEXES));
  expect(state.gameColumns).toBe(gameFieldCount());
  expect(state.similarity).toBeGreaterThan(0.3);
}

describe("schema diffs", () => {
  it("finds nothing between the schema and itself", async () => {
    expect((await diffSchemas(SCHEMA, SCHEMA)).trim()).toMatch(/^(-- This is an empty migration\.)?$/);
  });

});

describe("the migrations and the schema", { timeout: 120_000 }, () => {
  const names = [`ludex_test_${randomBytes(6).toString("hex")}`, `ludex_test_${randomBytes(6).toString("hex")}`];
  const urls = names.map((name) => ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`));
  const admin = new pg.Client({ connectionString: ADMIN_URL });

  beforeAll(async () => {
    await admin.connect();
    for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("build every table, column, index and constraint the schema declares, exactly as declaring it from scratch would", async () => {
    await migrateDatabase(urls[0]);
    const scratch = new pg.Client({ connectionString: urls[1] });
    await scratch.connect();
    await scratch.query(await diffSchemas(null, SCHEMA));
    await scratch.end();
    const [migrated, declared] = await Promise.all(urls.map(shapeOf));
    // Hand-written tables, indexes and rules may exist beside the schema's; nothing of the schema may differ.
    for (const part of ["columns", "indexes", "constraints"] as const) {
      expect(migrated[part], part).toEqual(expect.arrayContaining(declared[part]));
    }
  });
});

/** A database's shape as comparable lines: columns with type, nullability and default; index and constraint definitions. */
async function shapeOf(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lines = async (sql: string) => (await client.query<{ line: string }>(sql)).rows.map((row) => row.line);
    return {
      columns: await lines(`SELECT concat_ws(' ', table_name, column_name, data_type, is_nullable, column_default) AS line
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`),
      indexes: await lines("SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations'"),
      constraints: await lines(`SELECT concat_ws(' ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) AS line
        FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations'`),
    };
  } finally {
    await client.end();
  }
}

describe("migrations on a fresh real PostgreSQL database", { timeout: 60_000 }, () => {
  const name = `ludex_test_${randomBytes(6).toString("hex")}`;
  const url = ADMIN_URL.replace(/\/[^/?]*(\?|$)/, `/${name}$1`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it("applies every migration once, then nothing", async () => {
    expect((await migrateDatabase(url)).applied).toEqual(MIGRATIONS);
    expect((await migrateDatabase(url)).applied).toEqual([]);
    expectMigrated(await inspect(url));
  });
});

describe("migrations on a fresh embedded folder", { timeout: 60_000 }, () => {
  let dir: string;
  let server: EmbeddedPostgres;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ludex-migrate-"));
    server = await startEmbeddedPostgres({ dataDir: dir });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("applies every migration once, then nothing, also after a restart", async () => {
    expect((await migrateDatabase(server.url)).applied).toEqual(MIGRATIONS);
    expect((await migrateDatabase(server.url)).applied).toEqual([]);
    expectMigrated(await inspect(server.url));
    await server.stop();
    server = await startEmbeddedPostgres({ dataDir: dir });
    expect((await migrateDatabase(server.url)).applied).toEqual([]);
  });
});
