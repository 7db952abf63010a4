import { resolve } from "node:path";
import { openOrJoinEmbedded } from "./embedded-server";
import { migrateDatabase } from "./migrate-database";
import { disconnectPrisma } from "./prisma-client";

export function dataDirectory(): string {
  return resolve(process.env.LUDEX_DATA_DIR ?? ".ludex");
}

/**
 * The URL one-off commands (migrate, ingest, admin) use: the direct, unpooled one when the host names both
 * (Vercel's Postgres integrations set DATABASE_URL_UNPOOLED, older ones POSTGRES_URL_NON_POOLING), since
 * migrations and long loads do not belong on a transaction pooler; else DATABASE_URL.
 */
export function directDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.DATABASE_URL_UNPOOLED || env.POSTGRES_URL_NON_POOLING || env.DATABASE_URL || undefined;
}

/**
 * For commands beside the server (admin, migrate, ingest): DATABASE_URL if set; else the embedded
 * server that `npm start` runs for the data folder; else that folder opened here for the command's
 * duration (PGlite allows one process, so only when no server holds it).
 */
export async function connectDatabase(options: { migrate?: boolean } = {}): Promise<{ url: string; close(): Promise<void> }> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = directDatabaseUrl();
  if (!url) {
    const opened = await openOrJoinEmbedded({ dataDir: dataDirectory() });
    url = opened.url;
    stopEmbedded = opened.embedded?.stop;
    if (opened.embedded && options.migrate !== false) await migrateDatabase(url);
  }
  process.env.DATABASE_URL = url;
  return {
    url,
    async close() {
      await disconnectPrisma();
      await stopEmbedded?.();
    },
  };
}
