// Two servers on one database: the suite's server and a second one started here (no Redis: each limits
// in memory). Token reads are cached per process and credit reservations are batched per process, so
// these check what must still hold across processes: charges exact, revocations and grants at once.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { admin, workspaceWithKey } from "../../support/admin";
import { GENEROUS_LIMITS } from "../../support/global-setup";
import { startSecondServer } from "../../support/second-server";

let second: { base: string; stop(): void };

const call = async (base: string, path: string, token: string) => {
  const res = await fetch(`${base}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};
const first = (path: string, token: string) => call(inject("baseUrl"), path, token);
const other = (path: string, token: string) => call(second.base, path, token);

beforeAll(async () => {
  second = await startSecondServer({ LUDEX_LIMITS: JSON.stringify(GENEROUS_LIMITS) });
}, 120_000);

afterAll(() => second?.stop());

describe("two servers on one database", () => {
  it("200 parallel calls split across both with 50 credits: exactly 50 succeed, counter and ledger reconcile", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 50 });
    // warm both token caches with a free call
    await Promise.all([first("/tags?limit=1", secret), other("/tags?limit=1", secret)]);
    const results = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? first : other)("/games/570", secret)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(50);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(429);
      expect(r.body.error.code).toBe("QUOTA_EXCEEDED");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // each accepted call reports the counter right after its own credit: 1..50, each once
    expect(ok.map((r) => r.body.meta.quota.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const usage = await admin(inject("databaseUrl"), "usage", "--workspace", workspaceId);
    expect(usage).toMatchObject({ used: 50, ledgerCredits: 50, remaining: 0, reconciled: true });
    expect(usage.byOperation.getGame).toEqual({ calls: 50, credits: 50 });
  });

  it("a revocation through the admin command refuses the cached token on both servers at the next call", async () => {
    const { secret, keyId } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro" });
    for (let i = 0; i < 3; i++) {
      expect((await first("/games/570", secret)).status).toBe(200);
      expect((await other("/games/570", secret)).status).toBe(200);
      expect((await other("/tags?limit=1", secret)).status).toBe(200);
    }
    await admin(inject("databaseUrl"), "key", "revoke", "--id", keyId);
    for (const [server, path] of [[first, "/games/570"], [other, "/games/570"], [first, "/tags?limit=1"], [other, "/status"]] as const) {
      const res = await server(path, secret);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/revoked/);
    }
  });

  it("a revoked token's call is not charged, and the calls before it are charged once", async () => {
    const { secret, keyId, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro" });
    for (let i = 0; i < 4; i++) expect((await (i % 2 ? first : other)("/games/570", secret)).status).toBe(200);
    await admin(inject("databaseUrl"), "key", "revoke", "--id", keyId);
    expect((await first("/games/570", secret)).status).toBe(401);
    expect((await other("/games/570", secret)).status).toBe(401);
    expect(await admin(inject("databaseUrl"), "usage", "--workspace", workspaceId)).toMatchObject({ used: 4, ledgerCredits: 4, reconciled: true });
  });

  it("a grant added while the token is cached counts at the next call on both servers", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "starter", allowance: 2 });
    expect((await first("/games/570", secret)).status).toBe(200);
    expect((await other("/games/570", secret)).status).toBe(200);
    expect((await first("/games/570", secret)).body.error.code).toBe("QUOTA_EXCEEDED");
    expect((await other("/games/570", secret)).body.error.code).toBe("QUOTA_EXCEEDED");
    await admin(inject("databaseUrl"), "grant", "create", "--workspace", workspaceId, "--credits", "2", "--until", "2099-12-31");
    const a = await first("/games/570", secret);
    const b = await other("/games/570", secret);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.meta.quota.limit, b.body.meta.quota.limit]).toEqual([4, 4]);
    expect((await first("/games/570", secret)).body.error.code).toBe("QUOTA_EXCEEDED");
  });

  it("a CLI credential cached on both servers expires on time", async () => {
    const url = inject("databaseUrl");
    const workspace = await admin(url, "workspace", "create", "--name", "expiring", "--plan", "pro");
    const key = await admin(url, "key", "create", "--workspace", workspace.id, "--type", "cli", "--expires-in", "6");
    const secret = key.secret as string;
    expect((await first("/games/570", secret)).status).toBe(200);
    expect((await other("/games/570", secret)).status).toBe(200);
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(key.expiresAt) - Date.now()) + 300));
    for (const server of [first, other]) {
      const res = await server("/games/570", secret);
      expect(res.status).toBe(401);
      expect(res.body.error.message).toMatch(/expired/);
    }
  });
});
