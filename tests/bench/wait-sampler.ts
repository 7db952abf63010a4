// Samples pg_stat_activity of the bench database during a run: what its busy backends are doing or waiting on.
import pg from "pg";

const INTERVAL_MS = 50;

export interface WaitFigures {
  /** mean number of backends active (or idle in a transaction) at a sample */
  meanBusyBackends: number;
  /** share of busy-backend samples per state: "running" or wait type:event, top five */
  waits: Record<string, number>;
}

/** Starts sampling every 50 ms (for at most ten minutes) until `stop()`. */
export async function sampleWaits(databaseUrl: string): Promise<{ stop: () => Promise<WaitFigures> }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const counts = new Map<string, number>();
  let total = 0;
  let polls = 0;
  let running = true;
  const loop = (async () => {
    const until = Date.now() + 10 * 60_000;
    while (running && Date.now() < until) {
      const { rows } = await client.query<{ what: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'running') AS what FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IN ('active', 'idle in transaction')`,
      );
      for (const { what } of rows) counts.set(what, (counts.get(what) ?? 0) + 1);
      total += rows.length;
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await client.end();
      const shares = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 5);
      return {
        meanBusyBackends: Number((total / Math.max(1, polls)).toFixed(2)),
        waits: Object.fromEntries(shares.map(([what, n]) => [what, Number((n / Math.max(1, total)).toFixed(3))])),
      };
    },
  };
}
