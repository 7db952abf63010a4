import type pg from "pg";
import type { HostId } from "./sync-config";
import type { SyncDb } from "./sync-db";
import { DORMANT_DAYS, PRIORITY, TASK_KINDS, type TaskKind } from "./task-kinds";
import { hotSql, type HotThresholds } from "./task-schedule";

/**
 * Leases on sync_tasks. A claim takes due rows no live lease holds, highest priority and longest due first,
 * with FOR UPDATE SKIP LOCKED, so two workers never take the same row; a lease that runs out (a killed worker)
 * makes the row claimable again. Completion is fenced by the owner: a worker whose lease was taken over
 * changes nothing of the row.
 */
export interface ClaimedTask {
  appId: number;
  kind: TaskKind;
  priority: number;
  /** the change hint when claimed: a hint raised while fetching makes the task due again */
  hint: string | null;
  payloadDigest: string | null;
}

/** Long enough for a slot's wait, three attempts with their time limits and backoff, and the write. */
export const LEASE_SECONDS = 300;

export async function claimTasks(db: SyncDb, owner: string, host: HostId, limit: number, kind?: TaskKind): Promise<ClaimedTask[]> {
  const { rows } = await db.pool.query<{ app_id: number; kind: TaskKind; priority: number; hint: string | null; payload_digest: string | null }>(
    `WITH picked AS (
       SELECT app_id, kind FROM sync_tasks
       WHERE host = $1 AND due_at <= ${db.now} AND (lease_until IS NULL OR lease_until <= ${db.now}) AND ($4::text IS NULL OR kind = $4)
       ORDER BY priority, due_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     UPDATE sync_tasks t SET lease_owner = $2, lease_until = ${db.now} + make_interval(secs => ${LEASE_SECONDS}), last_attempt_at = ${db.now}
     FROM picked WHERE t.app_id = picked.app_id AND t.kind = picked.kind
     RETURNING t.app_id, t.kind, t.priority, t.hint::text, t.payload_digest`,
    [host, owner, limit, kind ?? null],
  );
  return rows
    .map((r) => ({ appId: r.app_id, kind: r.kind, priority: r.priority, hint: r.hint, payloadDigest: r.payload_digest }))
    .sort((a, b) => a.priority - b.priority);
}

export interface Completion {
  /** updated | unchanged | unavailable */
  outcome: string;
  /** success:false, result 42: the app is asked again next month, whatever its tier */
  dormant: boolean;
  digest: string | null;
}

/**
 * A fetched task's next due date: now if its hint moved while it was fetched (a new change; a first hint recorded
 * meanwhile is not one, there being nothing to compare it with), else by the game's tier as it stands after the
 * write (task-schedule.ts `hotSql`): the start of the day the hot or the tail interval of the kind later (UTC), so
 * a daily series gets its point every calendar day however late in the day the last one was fetched. False when
 * the lease was lost (a slow worker whose task was taken over): the caller rolls its write back.
 */
export async function completeTask(client: pg.ClientBase, ctx: ScheduleContext, task: ClaimedTask, done: Completion): Promise<boolean> {
  const { db, owner, hot, day } = ctx;
  const days = TASK_KINDS[task.kind].days;
  const result = await client.query(
    `UPDATE sync_tasks t SET lease_owner = NULL, lease_until = NULL, failures = 0, last_error = NULL,
       last_success_at = ${db.now}, last_outcome = $4, payload_digest = $6, fetched_hint = $7::bigint,
       priority = CASE WHEN $7::bigint IS NOT NULL AND t.hint > $7::bigint THEN ${PRIORITY.changed} WHEN $5 THEN ${PRIORITY.dormant}
         WHEN h.hot THEN ${PRIORITY.hot} ELSE ${PRIORITY.tail} END,
       due_at = CASE WHEN $7::bigint IS NOT NULL AND t.hint > $7::bigint THEN ${db.now}
         ELSE (date_trunc('day', ${db.now} AT TIME ZONE 'UTC') + make_interval(days => CASE WHEN $5 THEN ${DORMANT_DAYS}
           WHEN h.hot THEN ${days.hot} ELSE ${days.tail} END)) AT TIME ZONE 'UTC' END
     FROM (SELECT coalesce((SELECT ${hotSql(hot, day)} FROM games g WHERE g.app_id = $1), false) AS hot) h
     WHERE t.app_id = $1 AND t.kind = $2 AND t.lease_owner = $3`,
    [task.appId, task.kind, owner, done.outcome, done.dormant, done.digest, task.hint],
  );
  return (result.rowCount ?? 0) > 0;
}

/** What completion needs to know beyond the task: whose lease, the day, and the tier thresholds in force. */
export interface ScheduleContext {
  db: SyncDb;
  owner: string;
  hot: HotThresholds;
  day: string;
}

/** A task that failed after its retries: asked again later, 15 minutes after the first failure, doubling to a day. */
export async function failTask(db: SyncDb, owner: string, task: ClaimedTask, error: string): Promise<void> {
  await db.pool.query(
    `UPDATE sync_tasks SET lease_owner = NULL, lease_until = NULL, failures = failures + 1, last_outcome = 'failed', last_error = $4,
       due_at = ${db.now} + make_interval(mins => least(1440, 15 * power(2, least(failures, 10))::int))
     WHERE app_id = $1 AND kind = $2 AND lease_owner = $3`,
    [task.appId, task.kind, owner, error.slice(0, 500)],
  );
}

/** Hands tasks back untouched (the host is paused, or the run is stopping): due as before, claimable at once. */
export async function releaseTasks(db: SyncDb, owner: string, tasks: ClaimedTask[]): Promise<void> {
  if (tasks.length === 0) return;
  await db.pool.query(
    `UPDATE sync_tasks SET lease_owner = NULL, lease_until = NULL
     WHERE lease_owner = $1 AND (app_id, kind) IN (SELECT * FROM unnest($2::int[], $3::text[]))`,
    [owner, tasks.map((t) => t.appId), tasks.map((t) => t.kind)],
  );
}

/** Every lease this owner still holds (a stopping worker's last act). */
export async function releaseAll(db: SyncDb, owner: string): Promise<void> {
  await db.pool.query("UPDATE sync_tasks SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1", [owner]);
  await db.pool.query("UPDATE sync_jobs SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1", [owner]);
}
