import type pg from "pg";

/**
 * The sync's way to the database: a pg pool (its own in the worker and `npm run sync`, the app's in the cron
 * route) and its clock. Every time the sync reasons about (slots, leases, due dates, observation days) is the
 * database's, so processes on several machines agree; `now` shifts it for tests of later days.
 */
export interface SyncDb {
  pool: pg.Pool;
  /** SQL for the sync's current time */
  now: string;
  /** SQL for the sync's current day (UTC) */
  today: string;
}

export function syncDb(pool: pg.Pool, clockShiftSeconds = 0): SyncDb {
  const now = clockShiftSeconds ? `(statement_timestamp() + interval '${Math.trunc(clockShiftSeconds)} seconds')` : "statement_timestamp()";
  return { pool, now, today: `(${now} AT TIME ZONE 'UTC')::date` };
}

/** Runs `work` in one transaction on one connection; rolled back if it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The sync's current day as YYYY-MM-DD. */
export async function currentDay(db: SyncDb): Promise<string> {
  const { rows } = await db.pool.query<{ day: string }>(`SELECT to_char(${db.today}, 'YYYY-MM-DD') AS day`);
  return rows[0].day;
}
