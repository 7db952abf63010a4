// How a worker stops. Killed mid-run (kill -9: no clean-up at all) it leaves leases behind; once they run out
// (300 s; here the next pass's clock is 400 s on) another pass does everything still due, fetches nothing the
// dead worker had finished, and repeats at most what it had in flight. Stopped by SIGTERM, it hands its leases
// back, stores its run and exits 0.
import { beforeAll, describe, expect, it } from "vitest";
import { until } from "@/tests/support/until";
import type { LoggedRequest } from "@/tests/support/steam-replay";
import { fetchCounts, kindOf } from "./support/replay-log";
import { tasks } from "./support/sync-reads";
import { runOnce, startWorker } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 15), ...BUILT_APPS.slice(0, 15)];
const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
const MONTH = 31 * 86_400;
const CONCURRENCY = 2;
const KINDS = ["details", "prices", "reviews", "players", "tags"];

/** "kind:appId" pairs each request names */
const pairs = (request: LoggedRequest) => request.appIds.map((appId) => `${kindOf(request)}:${appId}`);

let workerLog: LoggedRequest[];
let resumeLog: LoggedRequest[];
let finishedByWorker: string[];
let leasedAtDeath: number;

beforeAll(async () => {
  // a month before: the catalog, and a day later the daily full app-list walk, so that every app has its first
  // change hints (a first hint recorded mid-run makes a task fetched twice: change-hints.test.ts)
  await runOnce(world.env());
  await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "86400" }));
  const before = world.replay.requests().length;
  world.replay.fault({ host: "store", kind: { type: "delay", ms: 300 }, times: 10_000 });
  world.replay.fault({ host: "api", match: { path: /getnumberofcurrentplayers/i }, kind: { type: "delay", ms: 300 }, times: 10_000 });
  world.replay.fault({ host: "steamspy", match: { path: "/api.php" }, kind: { type: "delay", ms: 300 }, times: 10_000 });
  const settings = { LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(MONTH), LUDEX_SYNC_CONCURRENCY: String(CONCURRENCY) };
  const worker = startWorker(world.env(settings));
  const storeAsked = () => world.replay.requests().slice(before).filter((r) => r.host === "store").length;
  await until(async () => storeAsked() >= 12 || worker.child.exitCode !== null, 30_000);
  worker.child.kill("SIGKILL");
  expect(await worker.exited).toBeNull();
  workerLog = world.replay.requests().slice(before);
  finishedByWorker = (await tasks(world.pool, `last_success_at > now() + interval '30 days'`)).map((t) => `${t.kind}:${t.app_id}`);
  leasedAtDeath = (await tasks(world.pool, "lease_owner IS NOT NULL")).length;
  world.replay.reset(); // the log and the slow answers: the next pass starts clean
  await runOnce(world.env({ ...settings, LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(MONTH + 400) }));
  resumeLog = world.replay.requests();
});

describe("after a worker is killed (kill -9)", () => {
  it("had done part of the work, holding leases on more", () => {
    expect(finishedByWorker.length).toBeGreaterThan(5);
    expect(finishedByWorker.length).toBeLessThan(APPS.length * KINDS.length);
    expect(leasedAtDeath).toBeGreaterThan(0);
  });

  it("the next pass does everything still due, and leaves no lease", async () => {
    const done = new Set([...finishedByWorker, ...resumeLog.flatMap(pairs)]);
    expect(KINDS.flatMap((kind) => APPS.map((appId) => `${kind}:${appId}`)).filter((pair) => !done.has(pair))).toEqual([]);
    expect(await tasks(world.pool, `due_at <= now() + make_interval(secs => ${MONTH + 400}) OR lease_owner IS NOT NULL`)).toEqual([]);
    const { rows } = await world.pool.query("SELECT id FROM sync_jobs WHERE lease_owner IS NOT NULL");
    expect(rows).toEqual([]);
  });

  it("fetches nothing the killed worker had finished", () => {
    const finished = new Set(finishedByWorker);
    expect(resumeLog.flatMap(pairs).filter((pair) => finished.has(pair))).toEqual([]);
  });

  it("repeats at most what the worker had in flight: per host, no more requests than its concurrency", () => {
    const asked = new Set(workerLog.flatMap(pairs));
    const repeats = resumeLog.filter((request) => pairs(request).some((pair) => asked.has(pair)));
    for (const host of ["store", "api", "steamspy"]) {
      expect(repeats.filter((r) => r.host === host).length, host).toBeLessThanOrEqual(CONCURRENCY);
    }
    // nothing is fetched twice within the next pass itself
    expect([...fetchCounts(resumeLog).values()].filter((n) => n > 1)).toEqual([]);
  });

  it("writes the new day's snapshot rows once: the same apps and sources as the month before", async () => {
    const { rows } = await world.pool.query<{ day: string; rows: string[] }>(
      "SELECT to_char(observed_on, 'YYYY-MM-DD') AS day, array_agg(app_id || ' ' || source ORDER BY app_id, source) AS rows FROM snapshots GROUP BY observed_on ORDER BY observed_on",
    );
    expect(rows).toHaveLength(3);
    expect(rows[2].rows).toEqual(rows[0].rows);
  });
});

describe("a worker stopped by SIGTERM", () => {
  it("hands its leases back, stores its run as stopped and exits 0, leaving the rest due", async () => {
    const before = world.replay.requests().length;
    world.replay.fault({ host: "store", kind: { type: "delay", ms: 300 }, times: 10_000 });
    const later = { LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(2 * MONTH), LUDEX_SYNC_CONCURRENCY: String(CONCURRENCY) };
    const worker = startWorker(world.env(later));
    const storeAsked = () => world.replay.requests().slice(before).filter((r) => r.host === "store").length;
    await until(async () => storeAsked() >= 6 || worker.child.exitCode !== null, 30_000);
    const leased = (await tasks(world.pool, "lease_owner IS NOT NULL")).length;
    const signalled = Date.now();
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    // in-flight work has 10 s to end (sync-engine.ts GRACE_MS); the process may then linger (see passes-and-days)
    expect(Date.now() - signalled).toBeLessThan(12_000);
    expect(leased).toBeGreaterThan(0);
    expect(await tasks(world.pool, "lease_owner IS NOT NULL OR lease_until IS NOT NULL")).toEqual([]);
    const { rows } = await world.pool.query("SELECT mode, finished_at, report FROM sync_runs ORDER BY id DESC LIMIT 1");
    expect(rows[0]).toMatchObject({ mode: "worker", report: { stoppedBecause: "stopped" } });
    expect(rows[0].finished_at).not.toBeNull();
    expect(await tasks(world.pool, "failures > 0")).toEqual([]);
    expect((await tasks(world.pool, `due_at <= now() + make_interval(secs => ${2 * MONTH})`)).length).toBeGreaterThan(0);
  });
});
