import { HostPaused } from "./budgeted-request";
import type { SyncContext } from "./sync-context";
import { claimJob, finishJob, releaseJob, type JobId } from "./claim-job";
import { claimTasks, releaseTasks, type ClaimedTask } from "./claim-tasks";
import { runTaskBatch } from "./run-task-batch";
import type { SourceClients } from "./source-clients";
import { SourceFailure } from "./sources/fetch-json";
import { PRICE_BATCH_SIZE } from "./sources/steam-store";
import type { HostId } from "./sync-config";
import { walkAppList, type AppListCursor } from "./walks/app-list-walk";
import { walkSteamSpy, type SteamSpyCursor } from "./walks/steamspy-walk";
import { walkTagList } from "./walks/tag-list-walk";

/**
 * One host's work in a run: its walks first, then its due tasks by priority, several in flight (each waits for
 * its own slot of the host's budget). A 429 or 403 pauses the lane until the host may be asked again; in a
 * bounded run (`--once`, a cron tick) a pause longer than what is left ends the lane.
 */
export interface Lane {
  host: HostId;
  jobs: JobId[];
}

export const LANES: Lane[] = [
  { host: "store", jobs: [] },
  { host: "api", jobs: ["applist", "taglist"] },
  { host: "steamspy", jobs: ["steamspy"] },
];

export interface LaneControl {
  /** worker: wait for more work; bounded: end when nothing is due in any lane */
  waitsForWork: boolean;
  /** lanes with work in hand: a bounded lane with nothing due waits while another lane may still queue work for it (a walk's new apps) */
  busy: Set<HostId>;
  /** ms left before the run stops claiming (Infinity for a worker) */
  remainingMs: () => number;
  draining: () => boolean;
  /** sleeps up to `ms`, waking early when the run starts draining */
  pause: (ms: number) => Promise<void>;
}

/** Jobs that need STEAM_API_KEY; without one they are skipped and status says so. */
const KEYED = new Set<JobId>(["applist", "taglist"]);
const JOB_CHECK_MS = 10_000;
const IDLE_POLL_MS = 30_000;
const OTHERS_BUSY_POLL_MS = 500;
const BUSY_POLL_MS = 1_000;
/** how long a one-off pass waits out a 429's cool-down; a 403's hours end the lane */
const ONCE_MAX_PAUSE_MS = 15 * 60_000;

export async function runLane(ctx: SyncContext, clients: SourceClients, lane: Lane, control: LaneControl): Promise<void> {
  const inflight = new Set<Promise<void>>();
  const buffer: ClaimedTask[] = [];
  // lastJobCheck: when the walks were last found not due (0: look now)
  const state = { pausedUntil: 0, troubledUntil: 0, lastJobCheck: 0, lookedAgain: false };
  while (!control.draining()) {
    const now = Date.now();
    const waitUntil = Math.max(state.pausedUntil, state.troubledUntil);
    if (waitUntil > now) {
      if (!control.waitsForWork && (waitUntil - now > control.remainingMs() || waitUntil - now > ONCE_MAX_PAUSE_MS)) break;
      await control.pause(waitUntil - now);
      continue;
    }
    if (inflight.size >= ctx.config.concurrency) {
      await Promise.race(inflight);
      continue;
    }
    const work = await nextWork(ctx, clients, lane, buffer, state).catch((error: unknown) => troubled(ctx, state, error));
    if (!work) {
      if (inflight.size > 0) {
        // what is in flight may be a walk waiting a minute for its next page: look for tasks again meanwhile
        await Promise.race([...inflight, control.pause(BUSY_POLL_MS)]);
        continue;
      }
      control.busy.delete(lane.host);
      if (control.waitsForWork) await control.pause(IDLE_POLL_MS);
      else if (control.busy.size > 0) await control.pause(OTHERS_BUSY_POLL_MS);
      else if (!state.lookedAgain) {
        // a last look at the walks before the lane ends (they are checked every 10 s only)
        state.lookedAgain = true;
        state.lastJobCheck = 0;
      } else break;
      continue;
    }
    control.busy.add(lane.host);
    state.lookedAgain = false;
    const running: Promise<void> = work()
      .catch(async (error: unknown) => {
        if (error instanceof HostPaused) {
          state.pausedUntil = Math.max(state.pausedUntil, Date.now() + error.pausedForMs);
          ctx.report.pauses.set(error.host, { until: new Date(state.pausedUntil).toISOString(), reason: error.reason });
          // claimed tasks waiting here would outlive their leases during the pause: others may take them meanwhile
          await releaseTasks(ctx.db, ctx.owner, buffer.splice(0)).catch(() => undefined);
        } else if (!ctx.signal.aborted) troubled(ctx, state, error);
      })
      .finally(() => inflight.delete(running));
    inflight.add(running);
  }
  await Promise.allSettled(inflight);
  control.busy.delete(lane.host);
  await releaseTasks(ctx.db, ctx.owner, buffer.splice(0)).catch(() => undefined);
}

type Work = () => Promise<void>;

async function nextWork(ctx: SyncContext, clients: SourceClients, lane: Lane, buffer: ClaimedTask[], state: { lastJobCheck: number }): Promise<Work | null> {
  if (Date.now() - state.lastJobCheck > JOB_CHECK_MS) {
    for (const job of lane.jobs) {
      if (KEYED.has(job) && !ctx.config.apiKey) continue;
      const claimed = await claimJob<unknown>(ctx.db, ctx.owner, job);
      // another walk of the lane may be due too: look again at the next call, not in 10 s
      if (claimed) return () => runJob(ctx, clients, job, claimed.cursor);
    }
    state.lastJobCheck = Date.now();
  }
  if (buffer.length === 0) buffer.push(...(await claimTasks(ctx.db, ctx.owner, lane.host, ctx.config.concurrency * 2)));
  const head = buffer.shift();
  if (!head) return null;
  if (head.kind !== "prices") return () => runTaskBatch(ctx, clients, [head]);
  const batch = [head, ...takeKind(buffer, "prices", PRICE_BATCH_SIZE - 1)];
  if (batch.length < PRICE_BATCH_SIZE) batch.push(...(await claimTasks(ctx.db, ctx.owner, lane.host, PRICE_BATCH_SIZE - batch.length, "prices")));
  return () => runTaskBatch(ctx, clients, batch);
}

function takeKind(buffer: ClaimedTask[], kind: string, limit: number): ClaimedTask[] {
  const taken: ClaimedTask[] = [];
  for (let i = 0; i < buffer.length && taken.length < limit; ) {
    if (buffer[i].kind === kind) taken.push(...buffer.splice(i, 1));
    else i++;
  }
  return taken;
}

/** A walk: finished, or handed back with its place saved (paused host, stopping run), or failed and retried in 15 minutes. */
async function runJob(ctx: SyncContext, clients: SourceClients, job: JobId, cursor: unknown): Promise<void> {
  try {
    if (job === "applist") await walkAppList(ctx, clients, cursor as AppListCursor | null);
    else if (job === "taglist") await walkTagList(ctx, clients);
    else if (job === "steamspy") await walkSteamSpy(ctx, clients, cursor as SteamSpyCursor | null);
    await releaseJob(ctx.db, ctx.owner, job); // a walk stopped by draining keeps its place
  } catch (error) {
    if (error instanceof SourceFailure) {
      ctx.report.tally(job).failed++;
      ctx.report.error(error.message, job);
      // the place saved after the last good page stays: the retry goes on from there
      await finishJob(ctx.db, ctx.owner, job, { cursor: undefined, dueIn: error.type === "rejected" ? 3600 : 900, error: error.message });
      return;
    }
    await releaseJob(ctx.db, ctx.owner, job).catch(() => undefined);
    throw error;
  }
}

/** A database error or a bug: reported, and the lane rests a little instead of spinning on it. */
function troubled(ctx: SyncContext, state: { troubledUntil: number }, error: unknown): null {
  ctx.report.error(`internal: ${(error as Error).message ?? String(error)}`);
  state.troubledUntil = Date.now() + 5_000;
  return null;
}

