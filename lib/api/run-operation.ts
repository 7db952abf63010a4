import { lockPreviewFields } from "../access/anonymous-preview";
import { authenticate, type Caller, type TokenCaller } from "../access/authenticate";
import { clientAddress } from "../access/client-address";
import { checkEntitlement, checkWorkspaceAccess } from "../access/entitlement";
import { anonymousDailyLimit, anonymousRateLimit, planRateLimit } from "../access/limits-policy";
import { ANONYMOUS_PREVIEW, CREDIT_PRICES } from "../access/plans";
import { checkRateLimit, rateLimitHeaders, type RateLimitOutcome } from "../metering/rate-limit";
import { ApiError } from "./api-error";
import type { Warning } from "./envelope";
import type { Operation, OperationResult } from "./operation";
import { parsePathParams, parseQuery } from "./query-params";
import { newRequestId } from "./request-id";
import { errorResponse, successResponse } from "./responses";
import { runCharged, StaleCaller } from "./run-charged";

interface Exchange {
  requestId: string;
  headers: Record<string, string>;
  warnings: Warning[];
  meta: Record<string, unknown>;
  /** the rate-limit key already counted for this request (a re-read caller is not counted twice) */
  limitedKey?: string;
}

/** Re-reads per call: one is enough unless access keeps changing between the read and the charge. */
const MAX_ATTEMPTS = 3;

/**
 * The bearer-API pipeline every operation runs through: authenticate, rate-limit, entitle, validate,
 * reserve credits and run (side by side when the charge is expected to pass; the result waits for the
 * charge, lib/api/run-charged.ts), refund on failure, lock preview fields, envelope. Errors leak nothing.
 */
export async function runOperation(operation: Operation, request: Request, pathParams: Record<string, string | string[]>) {
  const exchange: Exchange = { requestId: newRequestId(), headers: {}, warnings: [], meta: {} };
  try {
    const address = clientAddress(request);
    for (let attempt = 1; ; attempt++) {
      const caller = await authenticate(request, address, attempt > 1);
      try {
        return await serve(operation, request, pathParams, caller, exchange);
      } catch (error) {
        if (!(error instanceof StaleCaller)) throw error;
        if (attempt >= MAX_ATTEMPTS) throw new ApiError("SERVICE_UNAVAILABLE", "Access settings of this workspace kept changing during the call; retry it.");
      }
    }
  } catch (error) {
    return errorResponse(error, exchange.requestId, exchange.headers);
  }
}

async function serve(operation: Operation, request: Request, pathParams: Record<string, string | string[]>, caller: Caller, exchange: Exchange) {
  await enforceRateLimits(caller, exchange);
  if (caller.kind === "token") admitToken(caller, () => checkEntitlement(caller, operation));
  else admitAnonymous(operation);
  const searchParams = new URL(request.url).searchParams;
  const query = parseQuery(operation.query, searchParams);
  const params = parsePathParams(operation.params, pathParams);
  if (caller.kind === "token") admitToken(caller, () => checkWorkspaceAccess(caller, operation, params));
  else capPreviewPage(query, exchange, searchParams.has("limit"));
  const result = await runCharged(operation, creditPrice(operation, request), caller, exchange, () =>
    operation.handler({ query, params, requestId: exchange.requestId, request, caller }),
  );
  if (caller.kind === "anonymous") markPreview(operation, result, exchange);
  return successResponse(result, exchange);
}

/** A refusal is decided on a fresh read: a cached caller may predate a grant or plan change. */
function admitToken(caller: TokenCaller, check: () => void) {
  try {
    check();
  } catch (error) {
    if (caller.cached) throw new StaleCaller();
    throw error;
  }
}

async function enforceRateLimits(caller: Caller, exchange: Exchange) {
  const key = caller.kind === "token" ? `token:${caller.tokenId}` : `ip:${caller.address}`;
  if (exchange.limitedKey === key) return;
  exchange.limitedKey = key;
  const checks =
    caller.kind === "token"
      ? [checkRateLimit(`token:${caller.tokenId}`, planRateLimit(caller.workspace.plan))]
      : [checkRateLimit(`ip:${caller.address}`, anonymousRateLimit()), checkRateLimit(`ip:${caller.address}`, anonymousDailyLimit())];
  const outcomes = await Promise.all(checks);
  Object.assign(exchange.headers, rateLimitHeaders(outcomes[0]));
  const warning = outcomes.find((outcome) => outcome.warning)?.warning;
  if (warning) exchange.warnings.push(warning);
  const denied = outcomes.find((outcome) => !outcome.allowed);
  if (denied) throw rateLimited(denied, caller);
}

function rateLimited(outcome: RateLimitOutcome, caller: Caller): ApiError {
  const { policy } = outcome;
  const scope = caller.kind === "token" ? "this token" : "anonymous callers from this address";
  const remedy = caller.kind === "anonymous" ? " Use an API key for higher limits." : "";
  return new ApiError(
    "RATE_LIMITED",
    `Rate limit of ${policy.requests} requests per ${policy.windowSeconds} s reached for ${scope}. Retry after ${outcome.resetSeconds} s.${remedy}`,
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

/** HEAD answers with GET's status and headers but no data, so it costs nothing (it still counts for rate limits). */
function creditPrice(operation: Operation, request: Request): number {
  return request.method === "HEAD" ? 0 : CREDIT_PRICES[operation.costClass];
}

function markPreview(operation: Operation, result: OperationResult<unknown>, exchange: Exchange) {
  exchange.meta.preview = true;
  exchange.meta.locked = lockPreviewFields(operation, result);
}
