// Two sync processes on one database at the same time share the work through leases (FOR UPDATE SKIP
// LOCKED): no app is fetched twice for the same kind of work, each walk runs once, and everything due is done.
import { beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "@/tests/support/steam-replay";
import { fetchCounts, kindOf, repeated } from "./support/replay-log";
import { tasks } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 15), ...BUILT_APPS.slice(0, 15)];
const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
/** a month later: every kind of work is due again for every app, and every walk */
const LATER = String(31 * 86_400);

let passes: OnceResult[];
let log: LoggedRequest[];

beforeAll(async () => {
  // the catalog, and a day later the daily full app-list walk: every app has its first change hints, which
  // could otherwise make a task fetched twice by one process (change-hints.test.ts)
  await runOnce(world.env());
  await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "86400" }));
  // slow answers keep both processes busy at once on every host
  world.replay.fault({ host: "store", kind: { type: "delay", ms: 100 }, times: 10_000 });
  world.replay.fault({ host: "api", match: { path: /getnumberofcurrentplayers/i }, kind: { type: "delay", ms: 60 }, times: 10_000 });
  world.replay.fault({ host: "steamspy", match: { path: "/api.php" }, kind: { type: "delay", ms: 60 }, times: 10_000 });
  const before = world.replay.requests().length;
  passes = await Promise.all([runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: LATER })), runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: LATER }))]);
  log = world.replay.requests().slice(before);
});

describe("two passes at once on the same database", () => {
  it("both worked, on every host", () => {
    for (const [i, pass] of passes.entries()) {
      for (const host of ["store", "api", "steamspy"] as const) expect(pass.report.hosts[host].requests, `pass ${i} ${host}`).toBeGreaterThan(0);
      expect(pass.report.totals.failed, `pass ${i}`).toBe(0);
    }
    for (const host of ["store", "api", "steamspy"] as const) {
      expect(passes[0].report.hosts[host].requests + passes[1].report.hosts[host].requests, host).toBe(log.filter((r) => r.host === host).length);
    }
  });

  it("fetched each app once for each kind of work, and every app for every kind", () => {
    const counts = fetchCounts(log);
    expect(repeated(counts)).toEqual([]);
    const expected = ["details", "prices", "reviews", "players", "tags"].flatMap((kind) => APPS.map((appId) => `${kind}:${appId}`));
    expect([...counts.keys()].sort()).toEqual(expected.sort());
  });

  it("walked the app list and SteamSpy's pages once", () => {
    expect(log.filter((r) => kindOf(r) === "applist")).toHaveLength(1);
    expect(log.filter((r) => kindOf(r) === "spyall").map((r) => r.query.page)).toEqual(["0", "1"]);
    expect(log.filter((r) => kindOf(r) === "taglist").length).toBeLessThanOrEqual(1);
  });

  it("left nothing due and no lease held", async () => {
    const left = await tasks(world.pool, `due_at <= now() + make_interval(secs => ${LATER}) OR lease_owner IS NOT NULL`);
    expect(left.map((t) => `${t.kind}:${t.app_id}`)).toEqual([]);
    const { rows } = await world.pool.query("SELECT id FROM sync_jobs WHERE lease_owner IS NOT NULL");
    expect(rows).toEqual([]);
  });
});
