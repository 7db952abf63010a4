// Budgets: with more due work than a budget allows, a bounded pass spends the budget and never exceeds it, as
// the host counts (a sliding window over arrivals): the store's per-window budget, also with two processes at
// once (the budget is the deployment's, shared through the database), and SteamSpy's `request=all`, one page
// per window. The replay's limits are the budgets themselves (support/budget-use.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "@/tests/support/steam-replay/catalog";
import type { LoggedRequest } from "@/tests/support/steam-replay";
import { budgetUse, hostLimit, JITTER_MS } from "./support/budget-use";
import { kindOf } from "./support/replay-log";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

describe("the store's budget (10 requests per 5 s)", () => {
  const STORE = { requests: 10, windowSeconds: 5 };
  const APPS = [...RECORDED_APPS, ...BUILT_APPS];
  const world = useSyncWorld({ apps: APPS, limits: { ...NO_LIMITS, store: hostLimit(STORE) } });
  let pass: OnceResult;
  let store: LoggedRequest[];

  beforeAll(async () => {
    // 40 apps: about 81 store requests due, eight windows' worth; the pass claims for 8 s (14 s less the time
    // a request may take: LUDEX_SYNC_TIMEOUT_MS and 5 s), so more than one window is filled
    pass = await runOnce(world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, { store: STORE }), { maxSeconds: 14 });
    store = world.replay.requests("store");
  });

  it("stops at its time with work left, never over the budget, never refused", () => {
    expect(pass.report.stoppedBecause).toBe("time is up");
    expect(budgetUse(store, STORE).mostInWindow).toBeLessThanOrEqual(STORE.requests);
    expect(store.filter((r) => r.limited || r.status === 429)).toEqual([]);
    expect(world.replay.blocked("store")).toBe(false);
    expect(pass.report.hosts.store).toMatchObject({ throttles: 0, blocks: 0, requests: store.length });
  });

  it("uses its budget: at least 90 % of what the window allows between its first and last request", () => {
    const use = budgetUse(store, STORE);
    expect(use.spanMs).toBeGreaterThan(STORE.windowSeconds * 1000 * 1.3);
    expect(use.sent).toBeGreaterThanOrEqual(0.9 * use.allowed);
  });
});

describe("the store's budget shared by two processes at once (10 requests per 5 s between them)", () => {
  const STORE = { requests: 10, windowSeconds: 5 };
  const APPS = [...RECORDED_APPS, ...BUILT_APPS];
  const world = useSyncWorld({ apps: APPS, limits: { ...NO_LIMITS, store: hostLimit(STORE) } });
  let passes: OnceResult[];
  let store: LoggedRequest[];

  beforeAll(async () => {
    const env = world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, { store: STORE });
    passes = await Promise.all([runOnce(env, { maxSeconds: 14 }), runOnce(env, { maxSeconds: 14 })]);
    store = world.replay.requests("store");
  });

  it("both spend it, and together never more than it, never refused", () => {
    for (const pass of passes) expect(pass.report.hosts.store.requests).toBeGreaterThan(0);
    expect(passes[0].report.hosts.store.requests + passes[1].report.hosts.store.requests).toBe(store.length);
    expect(budgetUse(store, STORE).mostInWindow).toBeLessThanOrEqual(STORE.requests);
    expect(store.filter((r) => r.limited || r.status === 429)).toEqual([]);
  });

  it("use it as one would: at least 90 % of what the window allows between the first and last request", () => {
    const use = budgetUse(store, STORE);
    expect(use.sent).toBeGreaterThanOrEqual(0.9 * use.allowed);
  });
});

describe("SteamSpy's request=all budget (1 page per 4 s)", () => {
  const ALL = { requests: 1, windowSeconds: 4 };
  // a page of 1,000 apps, a page of one, then the empty page that ends the walk
  const APPS = loadCatalog().order.slice(0, 1_001);
  const world = useSyncWorld({
    apps: APPS,
    withKey: false,
    limits: { ...NO_LIMITS, steamspyAll: ALL },
  });
  let pass: OnceResult;
  let pages: LoggedRequest[];

  beforeAll(async () => {
    // the other hosts are held to a trickle: the 1,001 new apps' tasks are not what this measures
    const trickle = { requests: 5, windowSeconds: 1 };
    const budgets = { steamspyAll: ALL, store: trickle, api: trickle, steamspy: { requests: 1, windowSeconds: 1 } };
    pass = await runOnce(world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, budgets), { maxSeconds: 18 });
    pages = world.replay.requests("steamspy").filter((r) => kindOf(r) === "spyall");
  });

  it("walks every page, never two in a window, never refused", () => {
    expect(pages.map((r) => r.query.page)).toEqual(["0", "1", "2"]);
    expect(pages.filter((r) => r.limited)).toEqual([]);
    for (const gap of budgetUse(pages, ALL).gapsMs) expect(gap).toBeGreaterThanOrEqual(ALL.windowSeconds * 1000);
    expect(pass.report.work.steamspy).toMatchObject({ fetched: APPS.length, failed: 0 });
  });

  it("uses its budget: after a page that takes no time to write, the next follows by the window", () => {
    const [, afterSmallPage] = budgetUse(pages, ALL).gapsMs;
    // A page also takes a slot of SteamSpy's 1 a second (1.25 s apart), reserved once its `all` slot has come (a
    // slot reserved earlier would be long past when the page leaves): the new apps' tag fetches in flight (4 at
    // most) may hold the next ones, so a page leaves its window (+0.25 s) and at most four such slots after the last
    // (at SteamSpy's real minute, under 10%).
    const slot = (seconds: number) => (seconds + 0.25) * 1000;
    expect(afterSmallPage).toBeGreaterThanOrEqual(slot(ALL.windowSeconds));
    expect(afterSmallPage).toBeLessThan(slot(ALL.windowSeconds) + 4 * slot(1) + JITTER_MS);
  });
});
