// Retries: a 5xx, a cut-off body, a dropped connection and an answer slower than LUDEX_SYNC_TIMEOUT_MS are tried
// again (each try spending a slot of the budget) and the app is written; three failed tries fail the task,
// which is asked again later.
import { beforeAll, describe, expect, it } from "vitest";
import type { FaultKind, LoggedRequest } from "@/tests/support/steam-replay";
import { budgetUse, hostLimit } from "./support/budget-use";
import { appTruth } from "./support/replay-truth";
import { requestsFor } from "./support/replay-log";
import { syncDay, task } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 6), ...BUILT_APPS.slice(0, 4)];
/** the engine's store budget (the replay's limit is a request more: budget-use.ts): retries must fit in it too */
const STORE = { requests: 20, windowSeconds: 5 };
const world = useSyncWorld({ apps: APPS, limits: { ...NO_LIMITS, store: hostLimit(STORE) } });

/** Each app's review-totals request meets its fault; `tries` is how many requests the app should take. */
const SCRIPT: { appId: number; kind: FaultKind; times: number; tries: number }[] = [
  { appId: 10, kind: { type: "status", status: 503 }, times: 2, tries: 3 },
  { appId: 20, kind: { type: "truncate" }, times: 1, tries: 2 },
  { appId: 30, kind: { type: "reset" }, times: 1, tries: 2 },
  { appId: 40, kind: { type: "delay", ms: 2_500 }, times: 1, tries: 2 },
];
const FAILING = 50;

let pass: OnceResult;
let log: LoggedRequest[];
let today: string;

beforeAll(async () => {
  for (const { appId, kind, times } of SCRIPT) world.replay.fault({ host: "store", match: { path: "/appreviews/", appId }, kind, times });
  world.replay.fault({ host: "store", match: { path: "/appreviews/", appId: FAILING }, kind: { type: "status", status: 500 }, times: 3 });
  pass = await runOnce(world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, { store: STORE }));
  log = world.replay.requests();
  today = await syncDay(world.pool);
});

describe("a request that fails and then succeeds", () => {
  it.each(SCRIPT.map((s) => [s.kind.type, s] as const))("is tried again after a %s, and the app is written", async (_, { appId, tries }) => {
    expect(requestsFor(log, "reviews", appId)).toHaveLength(tries);
    const { rows } = await world.pool.query("SELECT reviews_positive, reviews_negative, sources -> 'reviews' AS source FROM games WHERE app_id = $1", [appId]);
    const truth = await appTruth(world.replay, appId);
    expect(rows[0]).toEqual({
      reviews_positive: truth.reviews.positive,
      reviews_negative: truth.reviews.negative,
      source: { source: "steam-appreviews", observedAt: today },
    });
    expect(await task(world.pool, appId, "reviews")).toMatchObject({ failures: 0, last_error: null });
  });

  it("counts the retries in the report", () => {
    const retries = SCRIPT.reduce((sum, s) => sum + s.tries - 1, 0) + 2;
    expect(pass.report.hosts.store).toMatchObject({ retries, failures: 1, throttles: 0 });
    expect(pass.report.hosts.store.requests).toBe(log.filter((r) => r.host === "store").length);
  });
});

describe("a request that fails three times", () => {
  it("is given up after three tries: the task failed, with its error, due again in 15 minutes", async () => {
    expect(requestsFor(log, "reviews", FAILING).map((r) => r.status)).toEqual([500, 500, 500]);
    const failed = await task(world.pool, FAILING, "reviews");
    expect(failed).toMatchObject({ failures: 1, last_outcome: "failed", lease_owner: null });
    expect(failed.last_error).toContain("500");
    expect(failed.due_in).toBeGreaterThan(14 * 60);
    expect(failed.due_in).toBeLessThanOrEqual(15 * 60);
    expect(pass.report.work.reviews.failed).toBe(1);
    expect(pass.report.errors.some((e) => e.includes(`/appreviews/${FAILING}`) && e.includes("500"))).toBe(true);
  });

  it("does not fail the run or the app's other work", async () => {
    const details = await task(world.pool, FAILING, "details");
    expect({ stopped: pass.report.stoppedBecause, errors: pass.report.errors.length, failures: details.failures }).toEqual({
      stopped: "nothing left due",
      errors: 1,
      failures: 0,
    });
    const { rows } = await world.pool.query("SELECT sources -> 'catalog' AS catalog FROM games WHERE app_id = $1", [FAILING]);
    expect(rows[0].catalog).toEqual({ source: "steam-store", observedAt: today });
  });

  it("is asked again when due, and then succeeds", async () => {
    const before = world.replay.requests().length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(16 * 60) }));
    const again = requestsFor(world.replay.requests().slice(before), "reviews");
    expect(again.map((r) => r.appIds[0])).toEqual([FAILING]);
    expect(await task(world.pool, FAILING, "reviews")).toMatchObject({ failures: 0, last_error: null });
    const { rows } = await world.pool.query("SELECT sources -> 'reviews' ->> 'source' AS source FROM games WHERE app_id = $1", [FAILING]);
    expect(rows[0].source).toBe("steam-appreviews");
  });
});

describe("the budget", () => {
  it("holds retries too: never more than the budget in any window, nothing refused", () => {
    const store = log.filter((r) => r.host === "store");
    expect(store.length).toBeGreaterThan(STORE.requests);
    expect(budgetUse(store, STORE).mostInWindow).toBeLessThanOrEqual(STORE.requests);
    expect(store.filter((r) => r.limited)).toEqual([]);
  });
});
