import { claimJob, finishJob } from "./claim-job";
import { currentDay, type SyncDb } from "./sync-db";
import { computeThresholds, ensureTasks, retier, type HotThresholds } from "./task-schedule";

/**
 * Before a run works: every game has its tasks (ingestion and walks add games), and once a day the hot tier's
 * thresholds are recomputed and every task moved to its tier. Leased like a walk, so one process plans.
 */
interface PlanCursor {
  hot: HotThresholds;
  day: string;
}

const HOUR = 3600;

export async function planSync(db: SyncDb, owner: string): Promise<{ hot: HotThresholds; day: string; newTasks: number }> {
  const day = await currentDay(db);
  const newTasks = await ensureTasks(db);
  const claimed = await claimJob<PlanCursor>(db, owner, "plan");
  if (!claimed) return { hot: await savedThresholds(db), day, newTasks };
  const hot = await computeThresholds(db);
  await retier(db, hot, day);
  await finishJob(db, owner, "plan", { cursor: { hot, day }, dueIn: 24 * HOUR, error: null });
  return { hot, day, newTasks };
}

async function savedThresholds(db: SyncDb): Promise<HotThresholds> {
  const { rows } = await db.pool.query<{ cursor: PlanCursor | null }>("SELECT cursor FROM sync_jobs WHERE id = 'plan'");
  return rows[0]?.cursor?.hot ?? (await computeThresholds(db));
}
