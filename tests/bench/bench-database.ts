// A fresh ludex_bench_<rand> database on a real PostgreSQL server, dropped by the returned function.
import { randomBytes } from "node:crypto";
import pg from "pg";

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** DATABASE_URL names the server (any database on it); unset or empty: the local default. */
export function serverUrlFromEnv(): string {
  return process.env.DATABASE_URL || DEFAULT_SERVER_URL;
}

export async function createBenchDatabase(serverUrl: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `ludex_bench_${randomBytes(5).toString("hex")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
