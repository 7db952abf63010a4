// A refund applied many times at once, from separate connections, gives a call's credits back once (the
// database re-checks `status = 'charged'` on the row it locked); and the refund queue in a real Redis keeps
// one entry per call and one queue per database.
import { randomBytes } from "node:crypto";
import { createConnection } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { refundCredits, reserveBatch, type ChargeRequest } from "../../lib/metering/credits";
import { getMeteringPool } from "../../lib/metering/metering-client";
import { redisRefundQueue, refundQueueKey } from "../../lib/metering/refund-queue";
import { sharedRedis } from "../../lib/metering/shared-redis";
import { createTestDatabase } from "../support/test-database";

const SERVER_URL = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
  socket.on("error", () => resolve(false));
});

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: pg.Client;
const workspaceId = `ws_${randomBytes(6).toString("hex")}`;
const period = "2026-11";

function charge(requestId: string, credits: number): ChargeRequest {
  return {
    requestId,
    workspaceId,
    tokenId: null,
    userId: null,
    surface: "rest",
    operationId: "getGame",
    costClass: "standard",
    credits,
    allowance: 1_000,
    period,
    epoch: 0,
  };
}

async function books(requestId: string) {
  const { rows } = await client.query(
    `SELECT (SELECT used FROM credit_counters WHERE workspace_id = $1 AND period = $2) AS used,
      (SELECT status FROM usage_events WHERE request_id = $3) AS status`,
    [workspaceId, period, requestId],
  );
  return rows[0] as { used: number; status: string };
}

beforeAll(async () => {
  database = await createTestDatabase(SERVER_URL);
  await migrateDatabase(database.url);
  process.env.DATABASE_URL = database.url;
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query("INSERT INTO workspaces (id, name, plan) VALUES ($1, 'refunds', 'pro')", [workspaceId]);
}, 120_000);

afterAll(async () => {
  await client?.end();
  await getMeteringPool().end();
  await database?.drop();
});

describe("refundCredits", () => {
  it("40 refunds of one call at once, on up to 10 connections: its credits come back once, the others are no-ops", async () => {
    expect(await reserveBatch([charge("req_keep", 7), charge("req_twice", 5)])).toEqual({ kind: "charged", used: 12 });
    const known = await Promise.all(Array.from({ length: 40 }, () => refundCredits("req_twice", 503)));
    expect(known).toEqual(Array(40).fill(true));
    expect(await books("req_twice")).toEqual({ used: 7, status: "refunded" });
    expect(await books("req_keep")).toEqual({ used: 7, status: "charged" });
  });

  it("a call whose charge never committed has no ledger row: nothing changes, and the caller is told", async () => {
    expect(await refundCredits("req_never_charged", 503)).toBe(false);
    expect(await books("req_keep")).toEqual({ used: 7, status: "charged" });
  });
});

describe.skipIf(!redisReachable)("the refund queue in Redis", () => {
  it("one entry per call however often it is queued; one queue per database; none of the credentials in the key", async () => {
    const shared = sharedRedis({ ...process.env, REDIS_URL })!;
    const url = `postgres://user:secret@db.example.com:6543/ludex_${randomBytes(4).toString("hex")}`;
    const queue = redisRefundQueue(shared, url);
    const other = redisRefundQueue(shared, `${url}_other`);
    const refund = { requestId: "req_a", httpStatus: 503, queuedAt: Date.now(), uncertain: true };
    await queue.put(refund);
    await queue.put({ ...refund, queuedAt: refund.queuedAt + 1 });
    expect(await queue.size()).toBe(1);
    expect(await queue.list()).toEqual([{ ...refund, queuedAt: refund.queuedAt + 1 }]);
    expect(await other.size()).toBe(0);
    expect(refundQueueKey(url)).not.toContain("secret");
    expect(refundQueueKey(url)).toBe(refundQueueKey(url.replace("user:secret", "other:pw")));
    await queue.remove("req_a");
    expect(await queue.size()).toBe(0);
    if (shared.name === "redis") await shared.client.quit();
  });
});
