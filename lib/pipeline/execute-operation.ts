import { lockPreviewFields } from "../access/anonymous-preview";
import type { Caller, WorkspaceCaller } from "../access/caller";
import { checkEntitlement, checkWorkspaceAccess } from "../access/entitlement";
import { anonymousCostlyLimit, anonymousDailyLimit, anonymousRateLimit, planRateLimit } from "../metering/limits-policy";
import { ANONYMOUS_PREVIEW, CREDIT_PRICES } from "../access/plans";
import { checkRateLimit, rateLimitHeaders, type RateLimitOutcome } from "../metering/rate-limit";
import { ApiError, asApiError } from "../api/api-error";
import { retryReadOnce } from "../db/connection-fault";
import type { Warning } from "../api/envelope";
import type { Operation, OperationResult } from "../api/operation";
import { parsePathParams, parseQuery } from "../api/query-params";
import { runCharged, StaleCaller } from "./run-charged";

/**
 * What one call collects on its way through the pipeline, whatever the front door: the surface turns it
 * into its own answer (the REST envelope and headers, an MCP tool result, a copilot tool output).
 */
export interface Exchange {
  requestId: string;
  headers: Record<string, string>;
  warnings: Warning[];
  meta: Record<string, unknown>;
  /** the rate-limit key already counted for this request (a re-read caller is not counted twice) */
  limitedKey?: string;
}

/** One call of one operation, as a front door hands it to the pipeline. */
export interface Invocation {
  operation: Operation;
  /** HEAD answers like GET without a body */
  method: "GET" | "HEAD";
  /** query parameters as strings, exactly as a URL carries them: every front door is validated alike */
  searchParams: URLSearchParams;
  pathParams: Record<string, string | string[]>;
  /**
   * Who is calling, as this front door identifies callers (a bearer token, a browser session, an MCP
   * token). `fresh` asks for a read that skips any cache: the access epoch moved under a cached read.
   */
  identify: (fresh: boolean) => Promise<Caller>;
  /** the front door, recorded in the ledger (default `rest`) */
  surface?: Surface;
}

export const SURFACES = ["rest", "mcp", "copilot", "charts", "export"] as const;
export type Surface = (typeof SURFACES)[number];

/** Re-reads per call: one is enough unless access keeps changing between the read and the charge. */
const MAX_ATTEMPTS = 3;

export function newExchange(requestId: string): Exchange {
  return { requestId, headers: {}, warnings: [], meta: {} };
}

/**
 * The one pipeline every front door runs an operation through: identify, rate-limit, entitle, validate,
 * reserve credits and run (side by side when the charge is expected to pass; the result waits for the
 * charge, lib/pipeline/run-charged.ts), refund on failure, lock preview fields. Throws ApiError (its
 * headers and the exchange's go with the answer); anything else is the surface's internal error.
 */
export async function executeOperation(invocation: Invocation, exchange: Exchange): Promise<OperationResult<unknown>> {
  try {
    return await executeAttempts(invocation, exchange);
  } catch (error) {
    // A database outage is SERVICE_UNAVAILABLE with Retry-After on every surface, not an internal error.
    throw asApiError(error);
  }
}

async function executeAttempts(invocation: Invocation, exchange: Exchange): Promise<OperationResult<unknown>> {
  for (let attempt = 1; ; attempt++) {
    // Identifying the caller only reads: safe to run again on a fresh connection.
    const caller = await retryReadOnce(() => invocation.identify(attempt > 1));
    try {
      return await serve(invocation, caller, exchange);
    } catch (error) {
      if (!(error instanceof StaleCaller)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new ApiError("SERVICE_UNAVAILABLE", "Access settings of this workspace kept changing during the call; retry it.");
    }
  }
}

async function serve(invocation: Invocation, caller: Caller, exchange: Exchange) {
  const { operation, searchParams } = invocation;
  await enforceRateLimits(caller, operation, exchange);
  if (caller.kind !== "anonymous") admitMember(caller, () => checkEntitlement(caller, operation));
  else admitAnonymous(operation);
  const query = parseQuery(operation.query, searchParams);
  const params = parsePathParams(operation.params, invocation.pathParams);
  if (caller.kind !== "anonymous") admitMember(caller, () => checkWorkspaceAccess(caller, operation, params));
  else capPreviewPage(query, exchange, searchParams.has("limit"));
  const charge = { operation, credits: creditPrice(invocation), surface: invocation.surface ?? "rest" };
  const handle = () => operation.handler({ query, params, requestId: exchange.requestId, caller });
  // Operations read only (GET): one dropped connection is retried on a fresh one. The charge is not
  // part of this: it is decided once, in runCharged.
  const result = await runCharged(charge, caller, exchange, () => (operation.method === "GET" ? retryReadOnce(handle) : handle()));
  if (caller.kind === "anonymous") markPreview(operation, result, exchange);
  return result;
}

/** A refusal is decided on a fresh read: a cached caller may predate a grant or plan change. */
function admitMember(caller: WorkspaceCaller, check: () => void) {
  try {
    check();
  } catch (error) {
    if (caller.cached) throw new StaleCaller();
    throw error;
  }
}

/** Tokens are limited each on their own, a signed-in user across their session surfaces, anonymous callers per address. */
function rateLimitKey(caller: Caller): string {
  if (caller.kind === "token") return `token:${caller.tokenId}`;
  if (caller.kind === "session") return `user:${caller.userId}`;
  return `ip:${caller.address}`;
}

/** Anonymous calls of these cost classes also count against a small daily budget per address. */
const COSTLY = new Set<Operation["costClass"]>(["per-title", "heavy"]);

async function enforceRateLimits(caller: Caller, operation: Operation, exchange: Exchange) {
  const key = rateLimitKey(caller);
  if (exchange.limitedKey === key) return;
  exchange.limitedKey = key;
  const checks =
    caller.kind === "anonymous"
      ? [
          checkRateLimit(key, anonymousRateLimit()),
          checkRateLimit(key, anonymousDailyLimit()),
          ...(COSTLY.has(operation.costClass) ? [checkRateLimit(key, anonymousCostlyLimit())] : []),
        ]
      : [checkRateLimit(key, planRateLimit(caller.workspace.plan))];
  const outcomes = await Promise.all(checks);
  Object.assign(exchange.headers, rateLimitHeaders(outcomes[0]));
  const warning = outcomes.find((outcome) => outcome.warning)?.warning;
  if (warning) exchange.warnings.push(warning);
  const denied = outcomes.find((outcome) => !outcome.allowed);
  if (denied) throw rateLimited(denied, caller);
}

function rateLimited(outcome: RateLimitOutcome, caller: Caller): ApiError {
  const { policy } = outcome;
  const scope = { token: "this token", session: "your signed-in account", anonymous: "anonymous callers from this address" }[caller.kind];
  const remedy = caller.kind === "anonymous" ? " Use an API key for higher limits." : "";
  const what = policy.name === "anonymous-costly" ? "Per-title synthesis and Heavy requests" : "requests";
  return new ApiError(
    "RATE_LIMITED",
    `Rate limit of ${policy.requests} ${what} per ${policy.windowSeconds} s reached for ${scope}. Retry after ${outcome.resetSeconds} s.${remedy}`,
    { headers: { "Retry-After": String(outcome.resetSeconds) } },
  );
}

function admitAnonymous(operation: Operation) {
  if (operation.anonymous === "deny") {
    throw new ApiError("UNAUTHORIZED", `${operation.id} needs a bearer token: send 'Authorization: Bearer ldx_...'.`, {
      headers: { "WWW-Authenticate": 'Bearer realm="ludex"' },
    });
  }
}

function capPreviewPage(query: Record<string, unknown>, exchange: Exchange, askedForLimit: boolean) {
  if (typeof query.limit === "number" && query.limit > ANONYMOUS_PREVIEW.maxPageSize) {
    query.limit = ANONYMOUS_PREVIEW.maxPageSize;
    // The default page silently shrinks; a caller who asked for more is told why they got less.
    if (!askedForLimit) return;
    exchange.warnings.push({
      code: "PREVIEW_LIMIT",
      message: `The anonymous preview returns at most ${ANONYMOUS_PREVIEW.maxPageSize} items a page; use an API key for up to 100.`,
    });
  }
}

/**
 * HEAD costs what GET costs. It must answer GET's status (404 for an unknown game, 400 for a bad
 * parameter, 429 when the credits are spent), which takes running the operation, so it does GET's work
 * and is charged like GET; a free HEAD would let anyone run paid work (a Heavy cohort) for nothing.
 */
function creditPrice(invocation: Invocation): number {
  return CREDIT_PRICES[invocation.operation.costClass];
}

function markPreview(operation: Operation, result: OperationResult<unknown>, exchange: Exchange) {
  exchange.meta.preview = true;
  exchange.meta.locked = lockPreviewFields(operation, result);
}
