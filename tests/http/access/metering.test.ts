import { describe, expect, inject, it } from "vitest";
import { admin, workspaceWithKey } from "../../support/admin";
import { api } from "../../support/http";

describe("credits", () => {
  it("200 parallel calls with 50 credits left: exactly 50 succeed, counter and ledger end at the allowance", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "starter", allowance: 50 });
    const results = await Promise.all(Array.from({ length: 200 }, () => api("/games/570", { token: secret })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    expect(statuses.filter((s) => s === 429)).toHaveLength(150);
    for (const r of results.filter((r) => r.status === 429)) {
      expect(r.body.error.code).toBe("QUOTA_EXCEEDED");
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const usage = await admin(inject("databaseUrl"), "usage", "--workspace", workspaceId);
    expect(usage).toMatchObject({ used: 50, ledgerCredits: 50, allowance: 50, remaining: 0, reconciled: true });
    expect(usage.byOperation.getGame).toEqual({ calls: 50, credits: 50 });
  });

  it("charges a metered call once and reports the quota in meta; free calls cost nothing", async () => {
    const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro" });
    const first = await api("/games/570", { token: secret });
    expect(first.body.meta.quota).toMatchObject({ plan: "pro", used: 1, limit: 7000, remaining: 6999, charged: 1 });
    expect(first.body.meta.quota.resetsAt).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
    const tags = await api("/tags", { token: secret });
    expect(tags.body.meta.quota).toMatchObject({ used: 1, charged: 0 });
  });

  it("does not charge calls that fail validation, are not found, or name an unknown tag", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro" });
    expect((await api("/games/2147483000", { token: secret })).status).toBe(404);
    expect((await api("/games?tags=rpgg", { token: secret })).status).toBe(400);
    expect((await api("/games?limit=0", { token: secret })).status).toBe(400);
    expect((await api("/games?limit=1", { token: secret })).status).toBe(200);
    const status = await api("/status", { token: secret });
    expect(status.body.data.workspace.credits).toMatchObject({ used: 1, remaining: 6999, allowance: 7000 });
    expect(status.body.data.workspace.credits.byCostClass).toEqual({ baseline: { calls: 1, credits: 1 } });
    const ledger = await api(`/workspaces/${workspaceId}/usage`, { token: secret });
    const byStatus = ledger.body.data.map((e: any) => `${e.operation}:${e.status}:${e.httpStatus}`).sort();
    expect(byStatus).toEqual(["getGame:refunded:404", "listGames:charged:200", "listGames:refunded:400"]);
  });

  it("a grant adds credits and API access for its period; status lists it", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "free" });
    expect((await api("/games/570", { token: secret })).body.error.code).toBe("PLAN_REQUIRED");
    await admin(inject("databaseUrl"), "grant", "create", "--workspace", workspaceId, "--credits", "30", "--api-access", "--until", "2099-12-31");
    await admin(inject("databaseUrl"), "grant", "create", "--workspace", workspaceId, "--credits", "1000", "--until", "2020-01-01");
    const res = await api("/games/570", { token: secret });
    expect(res.status).toBe(200);
    expect(res.body.meta.quota.limit).toBe(30);
    const status = (await api("/status", { token: secret })).body.data.workspace;
    expect(status.apiAccess).toBe(true);
    expect(status.grants).toHaveLength(1);
    expect(status.plan.id).toBe("free");
  });
});

describe("the admin command", () => {
  it("creates, revokes and reports through its documented interface", async () => {
    const url = inject("databaseUrl");
    const workspace = await admin(url, "workspace", "create", "--name", "Scripted", "--plan", "starter", "--allowance", "10");
    expect(workspace.id).toMatch(/^ws_/);
    const key = await admin(url, "key", "create", "--workspace", workspace.id, "--type", "cli", "--scopes", "market:read,workspace:read", "--expires-in", "3600");
    expect(key.secret).toMatch(/^ldxc_/);
    expect(Date.parse(key.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    expect((await api("/games/570", { token: key.secret })).status).toBe(200);
    await admin(url, "key", "revoke", "--id", key.id);
    expect((await api("/games/570", { token: key.secret })).body.error.message).toMatch(/revoked/);
    const usage = await admin(url, "usage", "--workspace", workspace.id);
    expect(usage).toMatchObject({ used: 1, allowance: 10, reconciled: true });
    const bad = await admin(url, "workspace", "create", "--name", "X", "--plan", "gold").catch((error) => error);
    expect(String(bad.stdout ?? bad)).toMatch(/--plan must be one of/);
  });
});

describe("credits once the workspace is known to this server (the operation starts while its charge is decided)", () => {
  it("100 parallel calls with 20 credits left: exactly 20 succeed, each reports its own counter, a 404 among them is refunded", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "starter", allowance: 25 });
    for (let i = 0; i < 5; i++) expect((await api("/games/570", { token: secret })).status).toBe(200);
    const notFound = api("/games/2147483000", { token: secret });
    const results = await Promise.all(Array.from({ length: 100 }, () => api("/games/570", { token: secret })));
    expect((await notFound).status).toBe(404);
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(20);
    expect(ok.map((r) => r.body.meta.quota.used).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
    expect(results.filter((r) => r.status === 429).every((r) => r.body.error.code === "QUOTA_EXCEEDED")).toBe(true);
    const usage = await admin(inject("databaseUrl"), "usage", "--workspace", workspaceId);
    expect(usage).toMatchObject({ used: 25, ledgerCredits: 25, remaining: 0, reconciled: true });
  });

  it("a call that fails after it started early is refunded and its error is what the caller sees", async () => {
    const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro" });
    expect((await api("/games/570", { token: secret })).body.meta.quota.used).toBe(1);
    const missing = await api("/games/2147483000", { token: secret });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe("NOT_FOUND");
    expect((await api("/games/570", { token: secret })).body.meta.quota).toMatchObject({ used: 2, charged: 1 });
  });
});
