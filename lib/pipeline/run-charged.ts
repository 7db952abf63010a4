import { monthlyAllowance, type Caller, type WorkspaceCaller } from "../access/caller";
import { PLANS } from "../access/plans";
import { billingPeriod, secondsUntil } from "../metering/billing-period";
import { reserveCredits } from "../metering/charge-batcher";
import { likelyCovered } from "../metering/charge-headroom";
import { readCounter } from "../metering/credits";
import { drainSoon, refundFailedCall, refundUncertainCharge } from "../metering/pending-refunds";
import { ApiError, asApiError } from "../api/api-error";
import { isConnectionFault, retryReadOnce } from "../db/connection-fault";
import type { Operation, OperationResult } from "../api/operation";

/**
 * A cached token read may no longer hold: the access epoch moved before the charge, or the cached caller
 * was about to be refused. Nothing was charged and no result was sent; the call starts over with the
 * token read again (lib/access/token-cache.ts).
 */
export class StaleCaller extends Error {}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * Charges a token call and runs it; anonymous calls just run. The operation's result is released only
 * after its charge (or, for a free call, the epoch check) has succeeded, and a failed call is refunded.
 * The operation starts while the charge is being decided when that charge is expected to go through
 * (lib/metering/charge-headroom.ts), so the call waits for the slower of the two instead of both in turn;
 * at the edge of the allowance it starts only once charged, so a refused call does no work.
 */
export interface ChargeTerms {
  operation: Operation;
  credits: number;
  /** the front door, for the ledger */
  surface: string;
}

export async function runCharged(
  terms: ChargeTerms,
  caller: Caller,
  exchange: { requestId: string; meta: Record<string, unknown> },
  run: () => Promise<OperationResult<unknown>>,
): Promise<OperationResult<unknown>> {
  if (caller.kind === "anonymous") return run();
  const { operation, credits } = terms;
  const { period, resetsAt } = billingPeriod();
  const allowance = monthlyAllowance(caller);
  const quota = (used: number, charged: number) => ({
    plan: caller.workspace.plan,
    used,
    limit: allowance,
    remaining: Math.max(0, allowance - used),
    resetsAt: resetsAt.toISOString(),
    charged,
  });
  if (credits === 0) {
    const [used, outcome] = await Promise.all([retryReadOnce(() => readCounter(caller.workspace.id, period, caller.epoch)), settle(run())]);
    if (used === null) throw new StaleCaller();
    exchange.meta.quota = quota(used, 0);
    return released(outcome);
  }
  const charge = chargeOf(terms, caller, exchange.requestId, allowance, period);
  const early = likelyCovered(charge, credits, allowance);
  const reserving = reserveCredits(charge);
  const running = early ? settle(run()) : undefined;
  const reservation = await reserving.catch(async (error: unknown) => {
    // The connection dropped under the charge: it may have committed. Refunded whatever happened.
    if (isConnectionFault(error)) await refundUncertainCharge(exchange.requestId, 503);
    throw error;
  });
  // The database answers again: refunds queued while it did not are applied after this response.
  if (reservation.kind === "charged") drainSoon();
  if (reservation.kind === "stale") throw new StaleCaller();
  if (reservation.kind === "quota") throw quotaExceeded(caller, allowance, resetsAt);
  const outcome = await (running ?? settle(run()));
  if (outcome.ok) {
    exchange.meta.quota = quota(reservation.used, credits);
    return outcome.value;
  }
  const error = asApiError(outcome.error);
  await refundFailedCall(exchange.requestId, error instanceof ApiError ? error.status : 500);
  throw error;
}

function released<T>(outcome: Settled<T>): T {
  if (outcome.ok) return outcome.value;
  throw outcome.error;
}

function chargeOf(terms: ChargeTerms, caller: WorkspaceCaller, requestId: string, allowance: number, period: string) {
  return {
    requestId,
    workspaceId: caller.workspace.id,
    tokenId: caller.kind === "token" ? caller.tokenId : null,
    userId: caller.kind === "session" ? caller.userId : null,
    surface: terms.surface,
    clientId: caller.kind === "token" ? caller.oauthClientId : null,
    operationId: terms.operation.id,
    costClass: terms.operation.costClass,
    credits: terms.credits,
    allowance,
    period,
    epoch: caller.epoch,
  };
}

function quotaExceeded(caller: WorkspaceCaller, allowance: number, resetsAt: Date): ApiError {
  const plan = PLANS[caller.workspace.plan].name;
  return new ApiError(
    "QUOTA_EXCEEDED",
    `The monthly allowance of ${allowance} credits (${plan} plan) is used up. Upgrade the plan, or wait for the reset at ${resetsAt.toISOString()}.`,
    { headers: { "Retry-After": String(secondsUntil(resetsAt)) } },
  );
}
