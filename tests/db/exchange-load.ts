import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../lib/db/embedded-server";
import { PrismaClient } from "../../lib/db/generated/client";

/**
 * Our embedded server, or, with LUDEX_TEST_STOCK_SERVER=1, pglite-socket's stock multiplexer on the same
 * kind of folder, to see the load below break it.
 */
export async function startServerUnderTest(dataDir: string): Promise<EmbeddedPostgres> {
  if (process.env.LUDEX_TEST_STOCK_SERVER !== "1") return startEmbeddedPostgres({ dataDir });
  const db = await PGlite.create({ dataDir: join(dataDir, "pgdata"), extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, port: 0, host: "127.0.0.1", maxConnections: 64 });
  await server.start();
  const port = Number(server.getServerConn().split(":")[1]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    port,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}

/** A sum over `count` bound parameters: one large Bind that arrives in several TCP chunks. */
function bigSum(seed: number, count: number) {
  const values = Array.from({ length: count }, (_, i) => seed * 10_000 + i);
  const sql = `SELECT sum(v)::bigint AS total, count(*)::int AS n FROM unnest(ARRAY[${values.map((_, i) => `$${i + 1}::int`).join(",")}]) AS v`;
  return { sql, values, expected: values.reduce((a, b) => a + b, 0) };
}

/**
 * Short explicit transactions in a loop on their own connection, until `stop` is called. While one is
 * open the others queue up, and when it ends the queue drains all at once: the condition under which
 * the stock multiplexer interleaves one connection's Parse between another's Parse and Bind.
 */
function transactionLoop(run: () => Promise<void>) {
  let stopped = false;
  const done = (async () => {
    while (!stopped) await run();
  })();
  return async () => {
    stopped = true;
    await done;
  };
}

/**
 * Many connections interleaving extended-protocol exchanges (Parse/Bind/Execute/Sync) of different
 * shapes, with large Binds, while another connection keeps opening and closing transactions.
 * Returns the number of wrong or failed results and the first errors.
 */
export async function interleavedPreparedLoad(url: string, options = { clients: 16, rounds: 20, parameters: 500 }) {
  const pool = new pg.Pool({ connectionString: url, max: options.clients });
  let wrong = 0;
  const errors: string[] = [];
  const fail = (error: unknown) => {
    wrong++;
    if (errors.length < 3) errors.push((error as Error).message);
  };
  // A desynchronised connection also gets answers to queries it no longer waits for.
  pool.on("error", fail);
  const one = async (client: number, round: number) => {
    const big = bigSum(client * 100 + round, options.parameters + client * 200);
    const result = await pool.query(big.sql, big.values);
    if (Number(result.rows[0].total) !== big.expected) fail(new Error(`wrong sum for client ${client}`));
    const small = await pool.query(`SELECT $1::int + ${client} AS s`, [round]);
    if (small.rows[0].s !== client + round) fail(new Error(`wrong small result for client ${client}`));
  };
  const tx = new pg.Client({ connectionString: url });
  await tx.connect();
  const stopTransactions = transactionLoop(async () => {
    await tx.query("BEGIN");
    await tx.query("SELECT count(*) FROM pg_class");
    await tx.query("COMMIT");
  });
  await Promise.all(
    Array.from({ length: options.clients }, async (_, client) => {
      for (let round = 0; round < options.rounds; round++) await one(client, round).catch(fail);
    }),
  );
  await stopTransactions();
  await tx.end();
  await pool.end();
  return { wrong, errors };
}

/**
 * The app's shape of load: a Prisma client with pool 10 writing createMany batches of 5,000 rows while
 * the same pool answers raw queries with thousands of parameters. Needs the migrated schema (tags table).
 */
export async function prismaBatchLoad(url: string, options = { batches: 4, batchSize: 5_000, queries: 120, parameters: 2_000 }) {
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 10 }) });
  let wrong = 0;
  const errors: string[] = [];
  const fail = (error: unknown) => {
    wrong++;
    if (errors.length < 3) errors.push((error as Error).message);
  };
  const insert = async (batch: number) => {
    const data = Array.from({ length: options.batchSize }, (_, i) => {
      const id = 1_000_000 + batch * options.batchSize + i;
      return { id, name: `Load tag ${id}`, slug: `load-tag-${id}` };
    });
    const { count } = await prisma.tag.createMany({ data });
    if (count !== options.batchSize) fail(new Error(`batch ${batch} inserted ${count}`));
  };
  const query = async (n: number) => {
    // Different parameter counts, so a Bind that meets another query's statement fails loudly.
    const big = bigSum(n, options.parameters + (n % 5) * 300);
    const rows = await prisma.$queryRawUnsafe<{ total: bigint }[]>(big.sql, ...big.values);
    if (Number(rows[0].total) !== big.expected) fail(new Error(`wrong sum for query ${n}`));
  };
  // Another process's short transactions (the admin command, a second app instance) on their own client.
  const other = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
  const stopTransactions = transactionLoop(async () => {
    await other.$transaction(async (t) => {
      await t.tag.count();
    }, { maxWait: 10_000 });
  });
  try {
    await Promise.all([
      ...Array.from({ length: options.batches }, (_, batch) => insert(batch).catch(fail)),
      ...Array.from({ length: options.queries }, (_, n) => query(n).catch(fail)),
    ]);
    await stopTransactions();
    const stored = await prisma.tag.count({ where: { slug: { startsWith: "load-tag-" } } });
    if (stored !== options.batches * options.batchSize) fail(new Error(`stored ${stored} load tags`));
  } finally {
    await stopTransactions().catch(fail);
    await Promise.all([prisma.$disconnect(), other.$disconnect()]);
  }
  return { wrong, errors };
}
