import type { SyncDb } from "./sync-db";

/**
 * The sync's walks (the app list, the tag list, SteamSpy's pages) and its planner are single jobs, leased like
 * tasks (claim-tasks.ts): one process walks at a time, saving its place after each page, so a killed walker's
 * successor resumes where it stopped. Each task kind also has a row here, holding its last attempt, success and
 * error for GET /status.
 */
export const JOB_IDS = ["plan", "applist", "taglist", "steamspy", "details", "prices", "reviews", "players", "tags"] as const;
export type JobId = (typeof JOB_IDS)[number];

/** A walk's lease: longer than one page and its write (SteamSpy pages are a minute apart; the lease is renewed each page). */
const JOB_LEASE_SECONDS = 300;

export async function ensureJobRows(db: SyncDb): Promise<void> {
  await db.pool.query("INSERT INTO sync_jobs (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", [JOB_IDS]);
}

/** The job's saved place when it is due and free, else null. */
export async function claimJob<C>(db: SyncDb, owner: string, id: JobId): Promise<{ cursor: C | null } | null> {
  const { rows } = await db.pool.query<{ cursor: C | null }>(
    `UPDATE sync_jobs SET lease_owner = $2, lease_until = ${db.now} + make_interval(secs => ${JOB_LEASE_SECONDS}), last_attempt_at = ${db.now}
     WHERE id = $1 AND due_at <= ${db.now} AND (lease_until IS NULL OR lease_until <= ${db.now})
     RETURNING cursor`,
    [id, owner],
  );
  return rows[0] ? { cursor: rows[0].cursor } : null;
}

/** Saves a walk's place and renews its lease; false when the lease was lost (another process took the walk over). */
export async function saveJobCursor(db: SyncDb, owner: string, id: JobId, cursor: unknown): Promise<boolean> {
  const result = await db.pool.query(
    `UPDATE sync_jobs SET cursor = $3::jsonb, lease_until = ${db.now} + make_interval(secs => ${JOB_LEASE_SECONDS})
     WHERE id = $1 AND lease_owner = $2`,
    [id, owner, JSON.stringify(cursor)],
  );
  return (result.rowCount ?? 0) > 0;
}

export interface JobEnd {
  /** the place to keep; undefined keeps the one saved last (a failed walk resumes where it was) */
  cursor: unknown;
  /** seconds until the job is due again */
  dueIn: number;
  /** null: it succeeded */
  error: string | null;
}

export async function finishJob(db: SyncDb, owner: string, id: JobId, end: JobEnd): Promise<void> {
  await db.pool.query(
    `UPDATE sync_jobs SET lease_owner = NULL, lease_until = NULL, cursor = CASE WHEN $6 THEN cursor ELSE $3::jsonb END, due_at = ${db.now} + make_interval(secs => $4),
       last_success_at = CASE WHEN $5::text IS NULL THEN ${db.now} ELSE last_success_at END,
       last_error = coalesce($5, last_error), last_error_at = CASE WHEN $5::text IS NULL THEN last_error_at ELSE ${db.now} END
     WHERE id = $1 AND lease_owner = $2`,
    [id, owner, JSON.stringify(end.cursor ?? null), end.dueIn, end.error, end.cursor === undefined],
  );
}

/** Hands a walk back (the host is paused, the run is stopping): its saved place stays, it is due at once. */
export async function releaseJob(db: SyncDb, owner: string, id: JobId): Promise<void> {
  await db.pool.query("UPDATE sync_jobs SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2", [id, owner]);
}

/** A task kind's last attempt and success (and its last error), written as the run's counts are flushed. */
export async function recordKindActivity(db: SyncDb, id: JobId, activity: { attempted: boolean; succeeded: boolean; error: string | null }): Promise<void> {
  if (!activity.attempted) return;
  await db.pool.query(
    `UPDATE sync_jobs SET last_attempt_at = ${db.now},
       last_success_at = CASE WHEN $2 THEN ${db.now} ELSE last_success_at END,
       last_error = coalesce($3, last_error), last_error_at = CASE WHEN $3::text IS NULL THEN last_error_at ELSE ${db.now} END
     WHERE id = $1`,
    [id, activity.succeeded, activity.error],
  );
}
