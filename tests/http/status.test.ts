import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../support/envelope";
import { api } from "../support/http";

describe("GET /status", () => {
  it("tells a token caller its workspace, plan, credits and rate limit, and the catalog's state", async () => {
    const res = await api("/status");
    expectSuccess(res, { list: false });
    const { data } = res.body;
    expect(data.service).toEqual({
      name: "Ludex",
      apiVersion: "v1",
      dependencies: { database: "ok", rateLimiter: { backend: expect.stringMatching(/^(redis|upstash|memory)$/), status: expect.stringMatching(/^(ok|degraded)$/) } },
    });
    expect(data.caller).toEqual({ kind: "token", tokenType: "api", scopes: expect.any(Array) });
    expect(data.preview).toBeNull();
    expect(data.workspace.id).toBe(inject("workspaceId"));
    expect(data.workspace.plan).toMatchObject({ id: "pro", apiAccess: true });
    const { credits } = data.workspace;
    expect(credits.period).toMatch(/^\d{4}-\d{2}$/);
    expect(credits.remaining).toBe(Math.max(0, credits.allowance - credits.used));
    expect(Date.parse(credits.resetsAt)).toBeGreaterThan(Date.now());
    expect(data.workspace.rateLimit).toEqual({ name: expect.any(String), requests: expect.any(Number), windowSeconds: expect.any(Number) });
    expect(Object.keys(data.creditPrices).sort()).toEqual(["baseline", "counts", "free", "heavy", "per-title"]);
    expect(data.creditPrices.free).toBe(0);
    // Free: a status call does not move the counter
    expect(res.body.meta.quota.charged).toBe(0);
  });

  it("counts the catalog as the database holds it", async () => {
    const db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
    try {
      const { rows } = await db.query("SELECT (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM tags) AS tags");
      const { catalog } = (await api("/status")).body.data;
      expect(catalog).toMatchObject({ games: rows[0].games, tags: 444 });
      expect(rows[0].tags).toBe(444);
      expect(catalog.games).toBeGreaterThan(70_000);
      expect(Date.parse(catalog.lastIngestedAt)).toBeLessThanOrEqual(Date.now());
    } finally {
      await db.end();
    }
  });

  it("answers an anonymous caller with the preview's caps and no workspace", async () => {
    const res = await api("/status", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta.preview).toBe(true);
    expect(res.body.data.caller).toEqual({ kind: "anonymous", tokenType: null, scopes: null });
    expect(res.body.data.workspace).toBeNull();
    expect(res.body.data.preview.maxPageSize).toBeGreaterThan(0);
  });

  it("takes no query parameters", async () => {
    expectError(await api("/status?limit=1"), 400, "BAD_REQUEST", "limit");
  });
});
