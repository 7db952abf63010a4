import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmbeddedPostgres } from "../../lib/db/embedded-server";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { interleavedPreparedLoad, prismaBatchLoad, startServerUnderTest } from "./exchange-load";

// The two load tests fail against pglite-socket's stock PGLiteSocketServer, which queues single messages,
// and pass with our exchange scheduler. Verified by hand (2026-11-22) with
//   LUDEX_TEST_STOCK_SERVER=1 npx vitest run tests/db/embedded-exchange.test.ts
// stock: "bind message supplies 500 parameters, but prepared statement "" requires 1300", wrong sums,
// "portal "" does not exist" (about half of 640 pg queries; Prisma raw queries fail the same way);
// ours: none in repeated runs. The transaction loop is what makes the stock queue interleave.
describe("embedded PGlite over the socket, under concurrent load", { timeout: 120_000 }, () => {
  let dir: string;
  let server: EmbeddedPostgres;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "ludex-exchange-"));
    server = await startServerUnderTest(dir);
    await migrateDatabase(server.url);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps interleaved prepared statements with large binds apart", async () => {
    const { wrong, errors } = await interleavedPreparedLoad(server.url);
    expect(errors).toEqual([]);
    expect(wrong).toBe(0);
  });

  it("keeps a Prisma pool's createMany batches and many-parameter queries apart", async () => {
    const { wrong, errors } = await prismaBatchLoad(server.url);
    expect(errors).toEqual([]);
    expect(wrong).toBe(0);
  });

  it("lets exactly the allowance through a conditional update raced by 200 calls", async () => {
    const setup = new pg.Client({ connectionString: server.url });
    await setup.connect();
    await setup.query("CREATE TABLE counter (id int primary key, used int not null, allowance int not null)");
    await setup.query("INSERT INTO counter VALUES (1, 0, 50)");
    const pool = new pg.Pool({ connectionString: server.url, max: 10 });
    const results = await Promise.all(
      Array.from({ length: 200 }, () => pool.query("UPDATE counter SET used = used + 1 WHERE id = 1 AND used + 1 <= allowance RETURNING used")),
    );
    expect(results.filter((r) => r.rowCount === 1)).toHaveLength(50);
    expect((await setup.query("SELECT used FROM counter")).rows[0].used).toBe(50);
    await pool.end();
    await setup.end();
  });

  it("rolls back for a client that disconnects inside a transaction, and serves the others", async () => {
    const quitter = new pg.Client({ connectionString: server.url });
    await quitter.connect();
    await quitter.query("CREATE TABLE IF NOT EXISTS notes (id serial primary key, body text)");
    await quitter.query("BEGIN");
    await quitter.query("INSERT INTO notes (body) VALUES ('never committed')");
    quitter.on("error", () => undefined); // the abrupt end is the point
    (quitter as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();

    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    const rows = await other.query("SELECT count(*)::int AS n FROM notes WHERE body = 'never committed'");
    expect(rows.rows[0].n).toBe(0);
    await other.query("INSERT INTO notes (body) VALUES ('committed')");
    expect((await other.query("SELECT count(*)::int AS n FROM notes")).rows[0].n).toBe(1);
    await other.end();
  });

  it("advertises itself in embedded.json for other processes", async () => {
    if (process.env.LUDEX_TEST_STOCK_SERVER === "1") return;
    const info = JSON.parse((await import("node:fs")).readFileSync(join(dir, "embedded.json"), "utf8"));
    expect(info.pid).toBe(process.pid);
    expect(info.url).toBe(server.url);
  });
});
