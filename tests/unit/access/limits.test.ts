import { describe, expect, it } from "vitest";
import { billingPeriod, secondsUntil } from "@/lib/metering/billing-period";
import { memoryBackend } from "@/lib/metering/rate-limit-backends";
import { rateLimitHeaders } from "@/lib/metering/rate-limit";
import { CREDIT_PRICES, PLANS } from "@/lib/access/plans";

describe("billing period", () => {
  it("resets at 00:00 UTC on the 1st of the next month", () => {
    const { period, resetsAt, startsAt } = billingPeriod(new Date("2026-12-31T23:59:59.500Z"));
    expect(period).toBe("2026-12");
    expect(startsAt.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(resetsAt.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(secondsUntil(resetsAt, new Date("2026-12-31T23:59:59.500Z"))).toBe(1);
  });
});

describe("plan table", () => {
  it("prices cost classes cheapest to most expensive and gives API access to Starter and Pro only", () => {
    const prices = ["free", "baseline", "counts", "per-title", "heavy"].map((c) => CREDIT_PRICES[c as keyof typeof CREDIT_PRICES]);
    expect(prices[0]).toBe(0);
    for (let i = 1; i < prices.length; i++) expect(prices[i]).toBeGreaterThan(prices[i - 1]);
    expect([PLANS.free.apiAccess, PLANS.starter.apiAccess, PLANS.pro.apiAccess]).toEqual([false, true, true]);
  });
});

describe("in-process sliding window", () => {
  it("admits the policy's requests per window, then refuses until the weighted window frees up", async () => {
    let now = 1_000_000 * 60_000;
    const backend = memoryBackend(() => now);
    const policy = { name: "t", requests: 3, windowSeconds: 60 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await backend.limit("k", policy));
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    now += 90_000; // next window, half-way: the previous one weighs floor(3 * 0.5) = 1 of 3
    expect((await backend.limit("k", policy)).success).toBe(true);
    now += 120_000;
    expect((await backend.limit("k", policy)).remaining).toBe(2);
    expect((await backend.limit("other", policy)).remaining).toBe(2);
  });

  it("renders the IETF RateLimit fields", () => {
    const headers = rateLimitHeaders({ allowed: true, policy: { name: "pro", requests: 600, windowSeconds: 60 }, remaining: 599, resetSeconds: 42 });
    expect(headers["RateLimit-Policy"]).toBe('"pro";q=600;w=60');
    expect(headers.RateLimit).toBe('"pro";r=599;t=42');
  });
});
