import type pg from "pg";

/** What the database holds after a sync, read the way an operator would query it. */

/** The sync's day (UTC) on the database's clock, shifted like LUDEX_SYNC_CLOCK_SHIFT_SECONDS. */
export async function syncDay(pool: pg.Pool, shiftSeconds = 0): Promise<string> {
  const { rows } = await pool.query<{ day: string }>(
    `SELECT to_char((statement_timestamp() + make_interval(secs => $1)) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day`,
    [shiftSeconds],
  );
  return rows[0].day;
}

/** Every row of a query as JSON text, for before/after comparisons that must be exact. */
export async function dump(pool: pg.Pool, sql: string): Promise<string[]> {
  const { rows } = await pool.query(sql);
  return rows.map((row) => JSON.stringify(row));
}

export const GAMES_DUMP = "SELECT g.*, to_char(g.release_date, 'YYYY-MM-DD') AS release_day FROM games g ORDER BY app_id";
export const SNAPSHOTS_DUMP = "SELECT *, to_char(observed_on, 'YYYY-MM-DD') AS day FROM snapshots ORDER BY app_id, source, observed_on";

export interface TaskRow {
  app_id: number;
  kind: string;
  priority: number;
  due_at: Date;
  lease_owner: string | null;
  lease_until: Date | null;
  failures: number;
  last_outcome: string | null;
  last_error: string | null;
  last_success_at: Date | null;
  /** due_at minus the database's now, in seconds */
  due_in: number;
}

export async function tasks(pool: pg.Pool, where = "true", values: unknown[] = []): Promise<TaskRow[]> {
  const { rows } = await pool.query<TaskRow>(
    `SELECT *, extract(epoch FROM due_at - now())::float8 AS due_in FROM sync_tasks WHERE ${where} ORDER BY app_id, kind`,
    values,
  );
  return rows;
}

export async function task(pool: pg.Pool, appId: number, kind: string): Promise<TaskRow> {
  const [row] = await tasks(pool, "app_id = $1 AND kind = $2", [appId, kind]);
  if (!row) throw new Error(`no sync task ${kind} for app ${appId}`);
  return row;
}

export interface HostRow {
  host: string;
  paused_until: Date | null;
  pause_reason: string | null;
  strikes: number;
  throttles: number;
  blocks: number;
  /** paused_until minus the database's now, in seconds (negative or null: not paused) */
  paused_for: number | null;
}

export async function hostRow(pool: pg.Pool, host: string): Promise<HostRow> {
  const { rows } = await pool.query<HostRow>(
    "SELECT *, extract(epoch FROM paused_until - now())::float8 AS paused_for FROM sync_hosts WHERE host = $1",
    [host],
  );
  if (!rows[0]) throw new Error(`sync_hosts has no row for ${host}`);
  return rows[0];
}

export async function count(pool: pg.Pool, sql: string, values: unknown[] = []): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(`SELECT (${sql})::int AS n`, values);
  return rows[0].n;
}
