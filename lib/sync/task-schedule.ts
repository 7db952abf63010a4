import type { SyncDb } from "./sync-db";
import { KIND_NAMES, PRIORITY, TASK_KINDS } from "./task-kinds";

/**
 * Tiers. Hot: among the most reviewed or most played titles, released in the last 90 days, or on discount.
 * The long tail is the rest; apps the source says are gone are dormant. The thresholds of "most" are the
 * catalog's HOT_RANK-th values, recomputed daily (plan-sync.ts).
 */
export const HOT_RANK = 2_000;
const RECENT_DAYS = 90;

export interface HotThresholds {
  reviews: number;
  players: number;
}

/** Whether the game `g` is hot, in SQL: read when a task completes (its next due date) and by the daily re-tiering. */
export function hotSql(hot: HotThresholds, today: string): string {
  // at least 1: a catalog of fewer than HOT_RANK games has no rank-th value (0), and then every game with reviews or
  // players is among the top; a game with none never is
  return `(
    coalesce(g.reviews_total, 0) >= ${Math.max(1, hot.reviews)}
    OR greatest(coalesce(g.players, 0), coalesce(g.ccu, 0)) >= ${Math.max(1, hot.players)}
    OR coalesce(g.discount_percent, 0) > 0
    OR (g.release_date <= DATE '${today}' AND g.release_date >= DATE '${today}' - ${RECENT_DAYS}))`;
}

/** Every stored game has a task of each kind (new games: due now, first in line when `priority` is 0). */
export async function ensureTasks(db: SyncDb, appIds?: number[], priority: number = PRIORITY.tail): Promise<number> {
  const kinds = KIND_NAMES;
  const result = await db.pool.query(
    `INSERT INTO sync_tasks (app_id, kind, host, priority, due_at)
     SELECT g.app_id, k.kind, k.host, $3, ${db.now} FROM games g CROSS JOIN unnest($1::text[], $2::text[]) AS k(kind, host)
     WHERE ($4::int[] IS NULL OR g.app_id = ANY($4::int[]))
       AND NOT EXISTS (SELECT 1 FROM sync_tasks t WHERE t.app_id = g.app_id AND t.kind = k.kind)
     ON CONFLICT DO NOTHING`,
    [kinds, kinds.map((kind) => TASK_KINDS[kind].host), priority, appIds ?? null],
  );
  return result.rowCount ?? 0;
}

/** The catalog's HOT_RANK-th review total and player count. */
export async function computeThresholds(db: SyncDb): Promise<HotThresholds> {
  const { rows } = await db.pool.query<{ reviews: number | null; players: number | null }>(
    `SELECT (SELECT reviews_total FROM games WHERE reviews_total IS NOT NULL ORDER BY reviews_total DESC OFFSET $1 LIMIT 1) AS reviews,
            (SELECT p FROM (SELECT greatest(coalesce(players, 0), coalesce(ccu, 0)) AS p FROM games) x ORDER BY p DESC OFFSET $1 LIMIT 1) AS players`,
    [HOT_RANK - 1],
  );
  return { reviews: rows[0]?.reviews ?? 0, players: rows[0]?.players ?? 0 };
}

/**
 * Moves every task between the hot and tail tiers as the catalog changed (a release, a sale, a rise in the
 * ranks); a task that became hot is due by the hot interval from its last success. A dormant task (3: the source
 * had nothing, e.g. no players before a release) of a hot app released since it was parked is asked again the same
 * way; a gone page stays parked for its month, however popular the game was.
 * Changed tasks (0) keep their priority until they are fetched.
 */
export async function retier(db: SyncDb, hot: HotThresholds, today: string): Promise<number> {
  const hotDays = KIND_NAMES.map((kind) => `WHEN '${kind}' THEN ${TASK_KINDS[kind].days.hot}`).join(" ");
  const result = await db.pool.query(
    `UPDATE sync_tasks t SET priority = x.p,
       due_at = CASE WHEN x.p = ${PRIORITY.hot}
         THEN least(t.due_at, coalesce(t.last_success_at, ${db.now}) + make_interval(days => CASE t.kind ${hotDays} END)) ELSE t.due_at END
     FROM (SELECT g.app_id, g.release_date, CASE WHEN ${hotSql(hot, today)} THEN ${PRIORITY.hot} ELSE ${PRIORITY.tail} END AS p FROM games g) x
     WHERE t.app_id = x.app_id AND t.priority <> x.p
       AND (t.priority IN (${PRIORITY.hot}, ${PRIORITY.tail})
         OR (t.priority = ${PRIORITY.dormant} AND x.p = ${PRIORITY.hot} AND x.release_date > (t.last_success_at AT TIME ZONE 'UTC')::date))`,
  );
  return result.rowCount ?? 0;
}
