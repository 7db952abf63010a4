import { Ratelimit } from "@upstash/ratelimit";
import type { Redis } from "@upstash/redis";
import { sharedRedis } from "./shared-redis";


export interface RateLimitPolicy {
  name: string;
  requests: number;
  windowSeconds: number;
}

export interface LimitDecision {
  success: boolean;
  limit: number;
  remaining: number;
  /** epoch milliseconds when the window frees up */
  reset: number;
  /** true when the backend did not answer and the request was let through */
  degraded: boolean;
}

export interface RateLimitBackend {
  name: "upstash" | "redis" | "memory";
  limit(key: string, policy: RateLimitPolicy): Promise<LimitDecision>;
  /** whether the backend's connection is up now, when it can tell without a command (a real Redis) */
  connected?(): boolean;
}

export const IN_PROCESS_REFUSED_ON_VERCEL =
  "Rate limits need Upstash on Vercel (UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN, or the KV_REST_API_* pair the " +
  "Vercel marketplace sets): the in-process limiter would count each function instance alone.";

/** Upstash REST in production, a real Redis through the adapter, or in-process for the embedded default. */
export function createBackend(env: NodeJS.ProcessEnv = process.env): RateLimitBackend {
  const shared = sharedRedis(env);
  if (shared?.name === "upstash") return upstashBackend("upstash", shared.client);
  if (shared?.name === "redis") {
    const adapter = shared.client;
    return { ...upstashBackend("redis", adapter), connected: () => adapter.connected };
  }
  if (env.VERCEL === "1") throw new Error(IN_PROCESS_REFUSED_ON_VERCEL);
  return memoryBackend();
}

function upstashBackend(name: "upstash" | "redis", redis: unknown): RateLimitBackend {
  const limiters = new Map<string, Ratelimit>();
  const limiterFor = (policy: RateLimitPolicy) => {
    const id = `${policy.name}:${policy.requests}:${policy.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: redis as Redis,
        limiter: Ratelimit.slidingWindow(policy.requests, `${policy.windowSeconds} s`),
        prefix: `ludex:rl:${policy.name}`,
        // The in-memory block cache would let one process remember blocks others do not see; it only
        // saves calls to a Redis that is already fast here.
        ephemeralCache: false,
        timeout: 1_000,
        analytics: false,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    name,
    async limit(key, policy) {
      const result = await limiterFor(policy).limit(key);
      const degraded = result.reason === "timeout";
      return { success: result.success, limit: result.limit, remaining: Math.max(0, result.remaining), reset: result.reset, degraded };
    },
  };
}

/** Keys the in-process limiter remembers at most; past it the least recently counted are forgotten. */
export const MEMORY_LIMITER_MAX_KEYS = 50_000;

/**
 * The same sliding-window approximation as Upstash's: this window's count plus the previous one's,
 * weighted. Its memory is bounded: a key is moved to the end of the map each time it is counted, and past
 * `maxKeys` the least recently counted keys go first (a key idle for two windows has nothing left to
 * remember anyway).
 */
export function memoryBackend(now: () => number = Date.now, maxKeys = MEMORY_LIMITER_MAX_KEYS): RateLimitBackend & { size(): number } {
  const windows = new Map<string, { index: number; current: number; previous: number }>();
  return {
    name: "memory",
    size: () => windows.size,
    async limit(key, policy) {
      const windowMs = policy.windowSeconds * 1000;
      const time = now();
      const index = Math.floor(time / windowMs);
      const id = `${policy.name}:${key}`;
      let state = windows.get(id);
      if (!state || state.index < index - 1) state = { index, current: 0, previous: 0 };
      else if (state.index === index - 1) state = { index, current: 0, previous: state.current };
      windows.delete(id);
      windows.set(id, state);
      while (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
      const weight = 1 - (time % windowMs) / windowMs;
      const used = Math.floor(state.previous * weight) + state.current;
      const reset = (index + 1) * windowMs;
      if (used >= policy.requests) {
        return { success: false, limit: policy.requests, remaining: 0, reset, degraded: false };
      }
      state.current += 1;
      return { success: true, limit: policy.requests, remaining: policy.requests - used - 1, reset, degraded: false };
    },
  };
}
