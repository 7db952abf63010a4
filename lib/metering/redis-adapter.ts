import { createHash } from "node:crypto";
import { createClient } from "redis";

function createRedisClient(url: string) {
  const client = createClient({
    url,
    // A dead Redis must fail fast, not queue commands: the caller degrades to a warning.
    disableOfflineQueue: true,
    socket: { connectTimeout: 1_000, reconnectStrategy: (retries) => Math.min(250 * 2 ** retries, 5_000) },
  });
  client.on("error", () => {
    // reported per call by the limiter; the client keeps reconnecting in the background
  });
  return client;
}

const FIRST_CONNECT_WAIT_MS = 1_000;

type RedisClient = ReturnType<typeof createRedisClient>;

/**
 * The four commands @upstash/ratelimit uses, and the hash commands of the refund queue
 * (lib/metering/refund-queue.ts), over a real Redis (REDIS_URL) with the signatures of Upstash's client.
 * Redis 7.0 rejects the `#!lua flags=...` line Upstash puts first in its scripts, so it is stripped; the
 * library asks for scripts by the SHA of the original text, so we remember which stripped script each
 * original SHA stands for and ask Redis for that one.
 */
export class RedisRatelimitAdapter {
  private readonly strippedShaOf = new Map<string, string>();
  private readonly firstConnect: Promise<unknown>;

  constructor(private readonly client: RedisClient) {
    this.firstConnect = client.connect().catch(() => undefined);
  }

  /**
   * Commands fail at once while the client is offline (so a dead Redis costs nothing), but the first
   * requests after start wait briefly for the first connection instead of reporting Redis as down.
   */
  private async ready(): Promise<void> {
    if (this.client.isReady) return;
    await Promise.race([this.firstConnect, new Promise((resolve) => setTimeout(resolve, FIRST_CONNECT_WAIT_MS))]);
  }

  /** Up now: the client reconnects by itself after an outage (no restart), this turns true again then. */
  get connected(): boolean {
    return this.client.isReady;
  }

  static connect(url: string): RedisRatelimitAdapter {
    return new RedisRatelimitAdapter(createRedisClient(url));
  }

  async eval(script: string, keys: string[], args: unknown[]): Promise<unknown> {
    await this.ready();
    const stripped = stripFlags(script);
    this.strippedShaOf.set(sha1(script), sha1(stripped));
    return this.client.eval(stripped, { keys, arguments: args.map(String) });
  }

  async evalsha(sha: string, keys: string[], args: unknown[]): Promise<unknown> {
    const strippedSha = this.strippedShaOf.get(sha);
    if (!strippedSha) throw new Error("NOSCRIPT script not loaded by this adapter yet");
    await this.ready();
    return this.client.evalSha(strippedSha, { keys, arguments: args.map(String) });
  }

  async get(key: string): Promise<string | null> {
    return this.client.get(key);
  }

  async set(key: string, value: unknown): Promise<string | null> {
    return this.client.set(key, String(value));
  }

  async hset(key: string, fields: Record<string, string>): Promise<number> {
    await this.ready();
    return this.client.hSet(key, fields);
  }

  async hgetall(key: string): Promise<Record<string, string> | null> {
    await this.ready();
    const fields = await this.client.hGetAll(key);
    return Object.keys(fields).length > 0 ? { ...fields } : null;
  }

  async hdel(key: string, ...fields: string[]): Promise<number> {
    await this.ready();
    return this.client.hDel(key, fields);
  }

  async hlen(key: string): Promise<number> {
    await this.ready();
    return this.client.hLen(key);
  }

  async quit(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }
}

function stripFlags(script: string): string {
  return script.replace(/^\s*#!lua[^\n]*\n/, "");
}

function sha1(text: string): string {
  return createHash("sha1").update(text).digest("hex");
}
