import { ApiError } from "../api/api-error";
import type { Warning } from "../api/envelope";
import { createBackend, type RateLimitBackend, type RateLimitPolicy } from "./rate-limit-backends";

export type { RateLimitPolicy } from "./rate-limit-backends";

export interface RateLimitOutcome {
  allowed: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  /** seconds until the window frees up */
  resetSeconds: number;
  warning?: Warning;
}

// One backend per process, not per module copy: Next bundles pages and each route handler apart, and an
// in-process limiter kept in a module variable would count each bundle's calls alone.
const holder = globalThis as unknown as { ludexRateLimitBackend?: RateLimitBackend };
let lastLoggedFault = 0;

/**
 * The configured backend. A deployment that cannot have one (Vercel without Upstash) refuses calls with 503
 * rather than letting every function instance count alone; the log says what to configure.
 */
export function rateLimitBackend(): RateLimitBackend {
  if (holder.ludexRateLimitBackend) return holder.ludexRateLimitBackend;
  try {
    holder.ludexRateLimitBackend = createBackend();
  } catch (error) {
    console.error(`[rate-limit] ${(error as Error).message}`);
    throw new ApiError("SERVICE_UNAVAILABLE", "This deployment's rate limiting is not configured; the operator has been told why.");
  }
  return holder.ludexRateLimitBackend;
}

/** A sliding-window check; a backend fault lets the request through with a warning, never a 500. */
export async function checkRateLimit(key: string, policy: RateLimitPolicy, now = Date.now()): Promise<RateLimitOutcome> {
  const limiter = rateLimitBackend();
  try {
    const decision = await limiter.limit(key, policy);
    const resetSeconds = Math.max(1, Math.ceil((decision.reset - now) / 1000));
    if (decision.degraded) return degraded(policy, "timed out");
    return { allowed: decision.success, policy, remaining: decision.remaining, resetSeconds };
  } catch (error) {
    return degraded(policy, (error as Error).message);
  }
}

/** How long after a fault the rate limiter still counts as degraded when its backend cannot say itself. */
const DEGRADED_FOR_MS = 30_000;
let lastFault = 0;

/** For /api/health and /status: which backend limits requests, and whether it answers. Sends no command. */
export function rateLimiterHealth(): { backend: RateLimitBackend["name"] | "unconfigured"; status: "ok" | "degraded" } {
  let current: RateLimitBackend;
  try {
    current = rateLimitBackend();
  } catch {
    return { backend: "unconfigured", status: "degraded" };
  }
  const up = current.connected ? current.connected() : Date.now() - lastFault > DEGRADED_FOR_MS;
  return { backend: current.name, status: up ? "ok" : "degraded" };
}

function degraded(policy: RateLimitPolicy, reason: string): RateLimitOutcome {
  lastFault = Date.now();
  if (Date.now() - lastLoggedFault > 10_000) {
    lastLoggedFault = Date.now();
    console.warn(`[rate-limit] backend ${rateLimitBackend().name} unavailable (${reason}); requests pass unlimited`);
  }
  return {
    allowed: true,
    policy,
    remaining: policy.requests,
    resetSeconds: policy.windowSeconds,
    warning: {
      code: "RATE_LIMIT_UNAVAILABLE",
      message: "Rate limiting is temporarily unavailable; this request was not counted against your rate limit.",
    },
  };
}

/** IETF RateLimit / RateLimit-Policy fields (draft-ietf-httpapi-ratelimit-headers). */
export function rateLimitHeaders(outcome: RateLimitOutcome): Record<string, string> {
  const { policy } = outcome;
  return {
    "RateLimit-Policy": `"${policy.name}";q=${policy.requests};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=${outcome.remaining};t=${outcome.resetSeconds}`,
  };
}
