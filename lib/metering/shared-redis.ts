import { Redis } from "@upstash/redis";
import { RedisRatelimitAdapter } from "./redis-adapter";

/**
 * Upstash's REST credentials under either name: its own, or the KV_REST_API_* pair that the Vercel
 * marketplace integration sets.
 */
export function upstashCredentials(env: NodeJS.ProcessEnv = process.env): { url: string; token: string } | undefined {
  const url = env.UPSTASH_REDIS_REST_URL || env.KV_REST_API_URL;
  const token = env.UPSTASH_REDIS_REST_TOKEN || env.KV_REST_API_TOKEN;
  return url && token ? { url, token } : undefined;
}

/** The store every instance of a deployment shares: Upstash REST, or a real Redis through the adapter. */
export type SharedRedis = { name: "upstash"; client: Redis } | { name: "redis"; client: RedisRatelimitAdapter };

const clients = new Map<string, SharedRedis>();

/**
 * The deployment's shared store, or undefined for the embedded default (one process, memory will do).
 * One client per process and address: the rate limiter and the refund queue share its connection.
 */
export function sharedRedis(env: NodeJS.ProcessEnv = process.env): SharedRedis | undefined {
  const upstash = upstashCredentials(env);
  const address = upstash ? `upstash ${upstash.url}` : env.REDIS_URL ? `redis ${env.REDIS_URL}` : undefined;
  if (!address) return undefined;
  let shared = clients.get(address);
  if (!shared) {
    shared = upstash ? { name: "upstash", client: new Redis(upstash) } : { name: "redis", client: RedisRatelimitAdapter.connect(env.REDIS_URL!) };
    clients.set(address, shared);
  }
  return shared;
}
