import { isConnectionFault } from "../db/connection-fault";
import { refundCredits } from "./credits";

/**
 * Refunds that could not be written because the database was unreachable, kept in memory and retried
 * until they land. A refund is idempotent (it only touches a ledger row still `charged`), so it may run
 * more than once: a charge whose connection dropped mid-statement may or may not have committed, so it
 * is refunded now and once more a little later, in case the statement committed after the client gave up.
 */
interface PendingRefund {
  httpStatus: number;
  dueAt: number;
  /** passes still to run after the next success */
  passes: number;
}

const RETRY_MS = 2_000;
const LATE_COMMIT_MS = 5_000;
const pending = new Map<string, PendingRefund>();
let timer: NodeJS.Timeout | undefined;

/** Refunds a failed call now; if the database cannot be reached, later (never an error for the caller). */
export async function refundFailedCall(requestId: string, httpStatus: number): Promise<void> {
  try {
    await refundCredits(requestId, httpStatus);
  } catch (error) {
    if (!isConnectionFault(error)) return console.error(`[${requestId}] refund failed:`, error);
    queue(requestId, httpStatus, 0);
  }
}

/** A charge whose statement failed with the connection: it may have committed, so it is refunded regardless. */
export function refundUncertainCharge(requestId: string, httpStatus: number): void {
  queue(requestId, httpStatus, 1);
}

/** How many refunds wait for the database (for /api/health and tests). */
export function pendingRefundCount(): number {
  return pending.size;
}

function queue(requestId: string, httpStatus: number, passes: number) {
  pending.set(requestId, { httpStatus, dueAt: Date.now(), passes });
  schedule(0);
}

function schedule(delay: number) {
  if (timer) return;
  timer = setTimeout(() => void flush(), delay);
  // Pending refunds must not hold a command's process open; the server runs on.
  timer.unref();
}

async function flush() {
  timer = undefined;
  const now = Date.now();
  for (const [requestId, refund] of pending) {
    if (refund.dueAt > now) continue;
    try {
      await refundCredits(requestId, refund.httpStatus);
      if (refund.passes > 0) Object.assign(refund, { passes: refund.passes - 1, dueAt: now + LATE_COMMIT_MS });
      else pending.delete(requestId);
    } catch (error) {
      if (isConnectionFault(error)) refund.dueAt = now + RETRY_MS;
      else {
        console.error(`[${requestId}] refund failed:`, error);
        pending.delete(requestId);
      }
    }
  }
  if (pending.size > 0) schedule(Math.max(0, Math.min(...[...pending.values()].map((r) => r.dueAt)) - Date.now()));
}
