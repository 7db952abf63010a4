// A 429 rests the host for at least a minute (never going on into the host's cool-down, which is what earns a
// 403), and a 403 stops it for LUDEX_SYNC_BLOCK_HOURS; both for every process (sync_hosts), and the work
// they leave stays due rather than failed.
import { beforeAll, describe, expect, it } from "vitest";
import { setTimeout as sleep } from "node:timers/promises";
import type { FaultKind, LoggedRequest } from "@/tests/support/steam-replay";
import { hostLimit } from "./support/budget-use";
import { hostRow, tasks } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld, type SyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 5), ...BUILT_APPS.slice(0, 5)];
/** The engine's store budget; in the 429 case the replay's limit is the same (budget-use.ts), its cool-down a window */
const STORE = { requests: 10, windowSeconds: 5 };

/** The host's `n`-th request (from 1) gets `kind`: the ones before pass untouched. */
function onRequest(world: SyncWorld, n: number, kind: FaultKind) {
  if (n > 1) world.replay.fault({ host: "store", kind: { type: "delay", ms: 0 }, times: n - 1 });
  world.replay.fault({ host: "store", kind });
}

describe("a 429 from the store", () => {
  const world = useSyncWorld({ apps: APPS, limits: { ...NO_LIMITS, store: hostLimit(STORE) } });
  let pass: OnceResult;
  let store: LoggedRequest[];
  let throttled: LoggedRequest;

  beforeAll(async () => {
    onRequest(world, 6, { type: "rate" });
    pass = await runOnce(world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, { store: STORE }), { maxSeconds: 12 });
    store = world.replay.requests("store");
    throttled = store.find((r) => r.limited)!;
  });

  it("makes the store rest: nothing sent after the 429, so the host never blocks", () => {
    expect(throttled).toBeDefined();
    // a request may already be on its way when the 429 arrives (its slot came before the engine read the 429):
    // it arrives within moments; nothing is sent later
    const after = store.filter((r) => r.at > throttled.at);
    expect(after.length).toBeLessThanOrEqual(1);
    expect(after.filter((r) => r.at - throttled.at > 250).map((r) => `${r.path} +${r.at - throttled.at} ms`)).toEqual([]);
    expect(world.replay.blocked("store")).toBe(false);
    // the other hosts went on
    expect(pass.report.hosts.api.requests).toBeGreaterThan(APPS.length);
  });

  it("records the rest for every process, and reports it", async () => {
    const host = await hostRow(world.pool, "store");
    expect(host).toMatchObject({ pause_reason: "429", strikes: 1, throttles: 1 });
    // at least a minute from the 429 (a little of it has passed)
    expect(host.paused_for).toBeGreaterThan(40);
    expect(host.paused_for).toBeLessThanOrEqual(61);
    expect(pass.report.hosts.store).toMatchObject({ throttles: 1, blocks: 0, pauseReason: "429" });
    expect(Date.parse(pass.report.hosts.store.pausedUntil!)).toBe(host.paused_until!.getTime());
  });

  it("leaves the store's work due, not failed", async () => {
    const storeTasks = await tasks(world.pool, "host = 'store'");
    expect(storeTasks.filter((t) => t.last_outcome === "failed" || t.failures > 0)).toEqual([]);
    expect(storeTasks.filter((t) => t.due_in <= 0).length).toBeGreaterThan(0);
    expect(pass.report.totals.failed).toBe(0);
  });

  describe("once the rest is over (a pass 2 minutes later)", () => {
    let later: OnceResult;
    let before: number;
    beforeAll(async () => {
      // the replay's own cool-down (a window from the 429) runs on the real clock: let it end first
      await sleep(Math.max(0, throttled.at + STORE.windowSeconds * 1000 + 100 - Date.now()));
      before = world.replay.requests("store").length;
      later = await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "120", LUDEX_SYNC_TIMEOUT_MS: "1000" }, { store: STORE }), { maxSeconds: 20 });
    });

    it("the store is used again and its work gets done", async () => {
      expect(world.replay.requests("store").length).toBeGreaterThan(before);
      expect(later.report.hosts.store.throttles).toBe(0);
      expect(world.replay.requests("store").filter((r) => r.limited).length).toBeLessThanOrEqual(2);
      expect(world.replay.blocked("store")).toBe(false);
      expect(await tasks(world.pool, "host = 'store' AND due_at <= now() + interval '120 seconds'")).toEqual([]);
    });

    it("good answers end the run of 429s (strikes back to 0)", async () => {
      expect((await hostRow(world.pool, "store")).strikes).toBe(0);
    });
  });
});

describe("a 403 from the store", () => {
  const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
  let pass: OnceResult;
  let forbidden: LoggedRequest;

  beforeAll(async () => {
    onRequest(world, 4, { type: "body", body: "", status: 403 });
    pass = await runOnce(world.env({ LUDEX_SYNC_BLOCK_HOURS: "2" }, { store: STORE }));
    forbidden = world.replay.requests("store").find((r) => r.status === 403)!;
  });

  it("stops the store for LUDEX_SYNC_BLOCK_HOURS, for every process", async () => {
    expect(forbidden).toBeDefined();
    const host = await hostRow(world.pool, "store");
    expect(host).toMatchObject({ pause_reason: "403", blocks: 1 });
    expect(host.paused_for).toBeGreaterThan(2 * 3600 - 60);
    expect(host.paused_for).toBeLessThanOrEqual(2 * 3600);
    expect(pass.report.hosts.store).toMatchObject({ blocks: 1, pauseReason: "403" });
    expect(pass.report.stoppedBecause).toBe("nothing left due");
  });

  it("makes no further request to the store, while the other hosts' work is done", async () => {
    // as after a 429, at most a request already on its way
    const after = world.replay.requests("store").filter((r) => r.at > forbidden.at);
    expect(after.length).toBeLessThanOrEqual(1);
    expect(after.filter((r) => r.at - forbidden.at > 250).map((r) => r.path)).toEqual([]);
    expect(await tasks(world.pool, "host <> 'store' AND due_at <= now()")).toEqual([]);
    expect(pass.report.work.players.fetched).toBe(APPS.length);
  });

  it("a second pass within the block asks the store nothing and fails nothing", async () => {
    const before = world.replay.requests("store").length;
    const second = await runOnce(world.env({ LUDEX_SYNC_BLOCK_HOURS: "2" }, { store: STORE }));
    expect(world.replay.requests("store").length).toBe(before);
    expect(second.report.hosts.store).toMatchObject({ requests: 0, pauseReason: "403" });
    expect(await tasks(world.pool, "host = 'store' AND (failures > 0 OR last_outcome = 'failed')")).toEqual([]);
  });

  it("after the block, the store's work resumes", async () => {
    const before = world.replay.requests("store").length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(2 * 3600 + 60) }), { maxSeconds: 30 });
    expect(world.replay.requests("store").length).toBeGreaterThan(before);
    expect(await tasks(world.pool, `host = 'store' AND due_at <= now() + interval '${2 * 3600 + 60} seconds'`)).toEqual([]);
  });
});
