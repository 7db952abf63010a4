import { createHash } from "node:crypto";
import type { SharedRedis } from "./shared-redis";

/** A refund the database could not take when it was due. */
export interface PendingRefund {
  /** the call's request id: its ledger row's key, so the same refund queued twice is one entry */
  requestId: string;
  httpStatus: number;
  /** epoch milliseconds */
  queuedAt: number;
  /** the charge's own statement lost its connection: it may have committed, later, or never */
  uncertain: boolean;
}

/** Where refunds wait: the deployment's shared store, or this process's memory (the embedded default). */
export interface RefundQueue {
  name: "upstash" | "redis" | "memory";
  put(refund: PendingRefund): Promise<void>;
  list(): Promise<PendingRefund[]>;
  remove(requestId: string): Promise<void>;
  size(): Promise<number>;
}

export function memoryRefundQueue(): RefundQueue {
  const refunds = new Map<string, PendingRefund>();
  return {
    name: "memory",
    put: async (refund) => void refunds.set(refund.requestId, refund),
    list: async () => [...refunds.values()],
    remove: async (requestId) => void refunds.delete(requestId),
    size: async () => refunds.size,
  };
}

/**
 * One Redis hash per database: field = request id, value = the refund as JSON. Any instance may drain it;
 * the refund itself is idempotent in the database (lib/metering/credits.ts), so two drains of one entry
 * give the credits back once. Keyed by the database so that deployments sharing one Upstash store (preview
 * and production) never apply each other's refunds.
 */
export function redisRefundQueue(shared: SharedRedis, databaseUrl: string): RefundQueue {
  const key = refundQueueKey(databaseUrl);
  // Both clients take the same calls; Upstash's returns the values it can parse as JSON already parsed.
  const redis = shared.client as {
    hset(key: string, fields: Record<string, string>): Promise<number>;
    hgetall(key: string): Promise<Record<string, unknown> | null>;
    hdel(key: string, ...fields: string[]): Promise<number>;
    hlen(key: string): Promise<number>;
  };
  return {
    name: shared.name,
    put: async (refund) => void (await redis.hset(key, { [refund.requestId]: JSON.stringify(refund) })),
    list: async () => Object.values((await redis.hgetall(key)) ?? {}).map((value) => (typeof value === "string" ? JSON.parse(value) : value) as PendingRefund),
    remove: async (requestId) => void (await redis.hdel(key, requestId)),
    size: () => redis.hlen(key),
  };
}

/** `ludex:refunds:` and a digest of the database's host, port and name (never its credentials). */
export function refundQueueKey(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const database = `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  return `ludex:refunds:${createHash("sha1").update(database).digest("hex").slice(0, 16)}`;
}
