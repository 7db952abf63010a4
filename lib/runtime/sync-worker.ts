import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { guardPool } from "../db/connection-fault";
import { syncConfig } from "../sync/sync-config";
import { runSync } from "../sync/sync-engine";
import { formatProgress } from "../sync/sync-output";

/**
 * LUDEX_SYNC=1 with `npm start`: the sync worker runs in the launcher, beside the server it started (another
 * process than the server's, so its parsing never holds the server's event loop), with its own small pool.
 * Returns the function that stops it: leases handed back, the run's report stored.
 */
export async function startSyncWorker(databaseUrl: string, log: (message: string) => void): Promise<() => Promise<void>> {
  const config = syncConfig();
  const pool = guardPool(new pg.Pool({ connectionString: databaseUrl, max: config.concurrency * 3 + 4 }), "sync pool");
  const stop = new AbortController();
  let lastLine = 0;
  log(`sync: keeping the catalog fresh (LUDEX_SYNC=1)${config.apiKey ? "" : "; STEAM_API_KEY is not set, so no app list or tag list"}`);
  const onProgress = (report: Parameters<typeof formatProgress>[0]) => {
    if (Date.now() - lastLine < 60_000) return;
    lastLine = Date.now();
    log(formatProgress(report));
  };
  // a run that fails (the database away a while) is started again a minute later, until the server stops
  const running = (async () => {
    while (!stop.signal.aborted) {
      try {
        const report = await runSync({ pool, mode: "server", signal: stop.signal, config, onProgress });
        log(`sync stopped: ${report.stoppedBecause}`);
      } catch (error) {
        log(`sync failed: ${(error as Error).message}; starting again in a minute`);
        await sleep(60_000, undefined, { signal: stop.signal }).catch(() => undefined);
      }
    }
  })();
  return async () => {
    stop.abort();
    await running;
    await pool.end().catch(() => undefined);
  };
}
