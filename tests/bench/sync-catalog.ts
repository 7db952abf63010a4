// npm run bench:sync: the real catalog on real PostgreSQL, ingested once into a template database and copied
// for each part (CREATE DATABASE ... TEMPLATE, a file copy: seconds, where an ingestion takes about a minute).
import { randomBytes } from "node:crypto";
import pg from "pg";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { runIngest } from "../../lib/market/ingest/run-ingest";

export interface BenchDatabase {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

export async function onServer<T = unknown>(serverUrl: string, statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function handle(serverUrl: string, name: string, keep: boolean): BenchDatabase {
  let dropped = keep;
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * The real catalog, migrated and ingested: BENCH_SYNC_CATALOG_DB (an already ingested database on the same
 * server, kept), else a fresh ludex_bench_sync_* database (dropped by the caller).
 */
export async function catalogTemplate(serverUrl: string, log: (line: string) => void): Promise<BenchDatabase> {
  const given = process.env.BENCH_SYNC_CATALOG_DB;
  if (given) {
    const db = handle(serverUrl, given, true);
    await migrateDatabase(db.url);
    log(`catalog: ${given} (given, kept)`);
    return db;
  }
  const name = `ludex_bench_sync_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const db = handle(serverUrl, name, false);
  const started = Date.now();
  await migrateDatabase(db.url);
  await runIngest({ databaseUrl: db.url });
  log(`catalog: ${name} migrated and ingested from prisma/data in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return db;
}

/** A copy of `template` (nobody may be connected to it while it is copied). */
export async function copyDatabase(serverUrl: string, template: string): Promise<BenchDatabase> {
  const name = `ludex_bench_sync_${randomBytes(4).toString("hex")}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await onServer(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
      break;
    } catch (error) {
      // "source database is being accessed by other users": a pool closing a moment ago
      if (attempt >= 10 || !/being accessed/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
  return handle(serverUrl, name, false);
}
