import { afterResponse } from "../api/after-response";
import { isConnectionFault } from "../db/connection-fault";
import { refundCredits } from "./credits";
import { memoryRefundQueue, redisRefundQueue, type PendingRefund, type RefundQueue } from "./refund-queue";
import { sharedRedis } from "./shared-redis";

/**
 * Refunds that could not be written because the database was unreachable wait in a queue until they land.
 * With a shared store configured (Upstash or REDIS_URL) the queue lives there, so a refund outlives the
 * function instance or server that queued it and any instance may apply it; the embedded default (one
 * process) keeps it in memory. The queue is drained by later calls once the database answers (after their
 * response, through Next's after()), by the daily cron (/api/cron/purge), and, in a long-lived server, on
 * a timer. A refund is idempotent in the database (it only touches a ledger row still `charged`), so a
 * refund applied, lost in transit and queued, or drained by two instances at once, gives credits back once.
 */

/** How often a long-lived process drains, and at most how often later calls trigger a drain. */
const DRAIN_EVERY_MS = 5_000;
/**
 * A charge whose connection dropped mid-statement may still commit on the server a moment later: until
 * this long after it was queued, a refund that finds no ledger row stays queued to catch the late commit.
 */
const LATE_COMMIT_MS = 2 * 60_000;
/** One drain applies at most this many (one statement each), so a drain after a response stays short. */
const DRAIN_BATCH = 500;

interface Queues {
  shared?: RefundQueue;
  memory: RefundQueue;
  draining?: Promise<DrainReport>;
  lastDrainAt: number;
  timer?: NodeJS.Timeout;
}

export interface DrainReport {
  /** refunds the database took (or already had) and that left the queue */
  settled: number;
  /** still queued: the database is unreachable, or a charge may yet commit */
  waiting: number;
}

const holder = globalThis as unknown as { ludexRefundQueues?: Queues };

function queues(): Queues {
  if (!holder.ludexRefundQueues) {
    const shared = sharedRedis();
    const databaseUrl = process.env.DATABASE_URL;
    holder.ludexRefundQueues = {
      shared: shared && databaseUrl ? redisRefundQueue(shared, databaseUrl) : undefined,
      memory: memoryRefundQueue(),
      lastDrainAt: 0,
    };
  }
  return holder.ludexRefundQueues;
}

/** Refunds a failed call now; if the database cannot be reached, queues it (never an error for the caller). */
export async function refundFailedCall(requestId: string, httpStatus: number): Promise<void> {
  try {
    await refundCredits(requestId, httpStatus);
  } catch (error) {
    if (!isConnectionFault(error)) return console.error(`[${requestId}] refund failed:`, error);
    await enqueue({ requestId, httpStatus, queuedAt: Date.now(), uncertain: false });
  }
}

/** A charge whose statement failed with its connection: it may have committed, so it is refunded regardless. */
export async function refundUncertainCharge(requestId: string, httpStatus: number): Promise<void> {
  await enqueue({ requestId, httpStatus, queuedAt: Date.now(), uncertain: true });
}

/**
 * Called when a charge has just gone through (the database answers): drains what waits, after the
 * response, at most every few seconds per process. In a long-lived server it also starts the timer.
 */
export function drainSoon(): void {
  const state = queues();
  keepDraining(state);
  if (state.draining || Date.now() - state.lastDrainAt < DRAIN_EVERY_MS) return;
  state.lastDrainAt = Date.now();
  afterResponse("refund drain", drainPendingRefunds);
}

/** Applies every queued refund the database will take now; one drain per process at a time. */
export function drainPendingRefunds(): Promise<DrainReport> {
  const state = queues();
  state.draining ??= drainQueues(state).finally(() => {
    state.draining = undefined;
    state.lastDrainAt = Date.now();
  });
  return state.draining;
}

/** How many refunds wait for the database (for /api/health and tests); a store that does not answer counts none. */
export async function pendingRefundCount(): Promise<number> {
  const { shared, memory } = queues();
  const sharedCount = shared ? await shared.size().catch(() => 0) : 0;
  return sharedCount + (await memory.size());
}

async function enqueue(refund: PendingRefund) {
  const state = queues();
  keepDraining(state);
  if (state.shared) {
    try {
      return await state.shared.put(refund);
    } catch (error) {
      // Both the database and the store are down: this process keeps it, the best that is left.
      console.warn(`[${refund.requestId}] refund queue (${state.shared.name}) unreachable, refund kept in this process:`, (error as Error).message);
    }
  }
  await state.memory.put(refund);
}

async function drainQueues(state: Queues): Promise<DrainReport> {
  const report: DrainReport = { settled: 0, waiting: 0 };
  for (const queue of [state.shared, state.memory]) {
    if (!queue) continue;
    const queued = await queue.list().catch(() => [] as PendingRefund[]);
    const refunds = queued.slice(0, DRAIN_BATCH);
    report.waiting += queued.length - refunds.length;
    for (const [index, refund] of refunds.entries()) {
      const outcome = await applyRefund(refund);
      if (outcome === "unreachable") {
        report.waiting += refunds.length - index;
        break;
      }
      if (outcome === "waiting") report.waiting += 1;
      else if (await queue.remove(refund.requestId).then(() => true, () => false)) report.settled += 1;
    }
  }
  return report;
}

async function applyRefund(refund: PendingRefund): Promise<"settled" | "waiting" | "unreachable"> {
  try {
    const known = await refundCredits(refund.requestId, refund.httpStatus);
    const mayCommitLate = refund.uncertain && Date.now() - refund.queuedAt < LATE_COMMIT_MS;
    return known || !mayCommitLate ? "settled" : "waiting";
  } catch (error) {
    if (isConnectionFault(error)) return "unreachable";
    console.error(`[${refund.requestId}] refund failed:`, error);
    return "settled";
  }
}

/**
 * A long-lived server drains on a timer as well. Not on Vercel: a frozen function runs no timers, so
 * there the drains ride on later calls and the cron, and the queue itself is in the shared store.
 */
function keepDraining(state: Queues) {
  if (state.timer || process.env.VERCEL === "1") return;
  state.timer = setInterval(() => void drainPendingRefunds().catch(() => undefined), DRAIN_EVERY_MS);
  // Pending refunds must not hold a command's process open; the server runs on.
  state.timer.unref();
}
