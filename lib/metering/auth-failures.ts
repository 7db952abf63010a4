import type { AuthFailureGuard } from "../access/authenticate";
import { ApiError } from "../api/api-error";
import { authFailureLimit } from "./limits-policy";
import { checkRateLimit } from "./rate-limit";

/**
 * Failed token authentications, limited per client address. A well-formed token passes the checksum
 * (which anyone can compute), so every unknown token would cost a database read: each failure counts
 * against authFailureLimit() in the shared limiter, and once an address is over it, this process
 * refuses that address's uncached tokens before reading anything, until the window frees up. Tokens
 * already cached (read and accepted in the last 30 s) still pass: they cost no read.
 */
const blockedUntil = new Map<string, number>();
const MAX_BLOCKED = 10_000;

export function authFailureGuard(address: string): AuthFailureGuard {
  return {
    beforeLookup() {
      const until = blockedUntil.get(address);
      if (until === undefined) return;
      const seconds = Math.ceil((until - Date.now()) / 1000);
      if (seconds > 0) throw tooManyFailures(seconds);
      blockedUntil.delete(address);
    },
    async failed(error) {
      const outcome = await checkRateLimit(`auth-failures:${address}`, authFailureLimit());
      if (outcome.allowed) return error;
      block(address, outcome.resetSeconds);
      return tooManyFailures(outcome.resetSeconds);
    },
  };
}

function block(address: string, seconds: number) {
  blockedUntil.delete(address);
  blockedUntil.set(address, Date.now() + seconds * 1000);
  // Oldest first (insertion order): the map stays bounded whatever the number of addresses.
  while (blockedUntil.size > MAX_BLOCKED) blockedUntil.delete(blockedUntil.keys().next().value!);
}

function tooManyFailures(seconds: number): ApiError {
  const { requests, windowSeconds } = authFailureLimit();
  return new ApiError(
    "RATE_LIMITED",
    `Too many failed authentications from this address (${requests} per ${windowSeconds} s). Retry after ${seconds} s with a valid token.`,
    { headers: { "Retry-After": String(seconds), "WWW-Authenticate": 'Bearer realm="ludex"' } },
  );
}
