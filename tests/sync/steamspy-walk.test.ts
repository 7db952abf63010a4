// SteamSpy's `request=all` walk: an answer that is JSON but no page ends it at once, without failing the run;
// a body that is not JSON is retried, then stops the walk where it was (resumed later); SteamSpy's own throttle
// text is a 429, not the end of the pages.
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { kindOf } from "./support/replay-log";
import { count, hostRow, tasks } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld, type SyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 6), ...BUILT_APPS.slice(0, 6)];
const DAY = 86_400;

const pages = (world: SyncWorld, from = 0) => world.replay.requests("steamspy").slice(from).filter((r) => kindOf(r) === "spyall");

async function job(world: SyncWorld) {
  const { rows } = await world.pool.query<{ cursor: { page: number; day: string | null } | null; last_error: string | null; lease_owner: string | null; due_in: number; last_success_at: Date | null }>(
    "SELECT cursor, last_error, lease_owner, last_success_at, extract(epoch FROM due_at - now())::float8 AS due_in FROM sync_jobs WHERE id = 'steamspy'",
  );
  return rows[0];
}

// (`[]`, what SteamSpy answers past its last page, ends every walk of this suite the same way)
describe('a first page that is valid JSON but no page ("error")', () => {
  const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
  let pass: OnceResult;
  beforeAll(async () => {
    world.replay.fault({ host: "steamspy", match: { page: 0 }, kind: { type: "body", body: '"error"' } });
    pass = await runOnce(world.env());
  });

  it("ends the walk at once, as finished for the day, and the run goes on", async () => {
    expect(pages(world).map((r) => r.query.page)).toEqual(["0"]);
    expect(await job(world)).toMatchObject({ last_error: null, lease_owner: null, cursor: { page: 0, day: null } });
    expect((await job(world)).due_in).toBeGreaterThan(DAY - 600);
    expect(pass.report.work.steamspy).toMatchObject({ fetched: 0, failed: 0 });
    expect(pass.report.errors).toEqual([]);
    expect(await tasks(world.pool, "kind = 'details' AND last_success_at IS NOT NULL")).toHaveLength(APPS.length);
    expect(await count(world.pool, "SELECT count(*) FROM games WHERE sources ? 'owners'")).toBe(0);
  });
});

describe("a page that is not JSON", () => {
  const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
  let pass: OnceResult;
  beforeAll(async () => {
    // page 1 is past this catalog's last page: after three broken answers the walk has not seen its end
    world.replay.fault({ host: "steamspy", match: { page: 1 }, kind: { type: "body", body: "<html>oops</html>" }, times: 3 });
    pass = await runOnce(world.env());
  });

  it("is retried as a broken answer, then stops the walk, without failing the run", async () => {
    expect(pages(world).map((r) => r.query.page)).toEqual(["0", "1", "1", "1"]);
    expect(pass.report.hosts.steamspy).toMatchObject({ retries: 2, failures: 1, throttles: 0 });
    expect(pass.report.work.steamspy).toMatchObject({ fetched: APPS.length, failed: 1 });
    expect(pass.report.errors.join()).toContain("not whole JSON");
    expect(pass.report.stoppedBecause).toBe("nothing left due");
    const walk = await job(world);
    expect(walk.lease_owner).toBeNull();
    expect(walk.last_error).toContain("not whole JSON");
    expect(walk.due_in).toBeGreaterThan(14 * 60);
    expect(walk.due_in).toBeLessThanOrEqual(15 * 60);
    // page 0's apps were written
    expect(await count(world.pool, "SELECT count(*) FROM games WHERE sources -> 'owners' ->> 'source' = 'steamspy'")).toBe(APPS.length);
  });

  describe("when the walk is due again", () => {
    let cursorBefore: unknown;
    let asked: string[];
    beforeAll(async () => {
      cursorBefore = (await job(world)).cursor;
      const before = world.replay.requests("steamspy").length;
      await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(16 * 60) }));
      asked = pages(world, before).map((r) => r.query.page);
    });

    it("resumes at the page that failed", () => {
      expect(cursorBefore).toMatchObject({ page: 1 });
      expect(asked).toEqual(["1"]);
    });

    it("finishes the walk for the day", async () => {
      expect(asked.at(-1)).toBe("1");
      const walk = await job(world);
      expect(walk).toMatchObject({ cursor: { page: 0, day: null }, lease_owner: null });
      expect(walk.due_in).toBeGreaterThan(DAY - 3600);
    });
  });
});

describe("SteamSpy's throttle text (HTTP 200, `Connection failed: Too many connections`)", () => {
  // the replay's request=all limit is there for its cool-down; the engine's budget is stricter than it
  const world = useSyncWorld({ apps: APPS, limits: { ...NO_LIMITS, steamspyAll: { requests: 1, windowSeconds: 2 } } });
  const spyAll = { requests: 1, windowSeconds: 3 };
  let pass: OnceResult;
  beforeAll(async () => {
    world.replay.fault({ host: "steamspy", match: { page: 0 }, kind: { type: "rate" } });
    pass = await runOnce(world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, { steamspyAll: spyAll }), { maxSeconds: 10 });
  });

  it("rests SteamSpy (both of its budgets) like a 429, and asks it nothing more", async () => {
    const spy = world.replay.requests("steamspy");
    expect(spy.map((r) => [r.query.page, r.limited])).toEqual([["0", true]]);
    expect(pass.report.hosts.steamspy).toMatchObject({ throttles: 1, pauseReason: "429" });
    for (const host of ["steamspy", "steamspyAll"]) {
      const row = await hostRow(world.pool, host);
      expect(row.pause_reason, host).toBe("429");
      expect(row.paused_for, host).toBeGreaterThan(40);
    }
    expect(world.replay.blocked("steamspy")).toBe(false);
  });

  it("is not taken for the end of the pages: the walk stays due where it was", async () => {
    const walk = await job(world);
    expect(walk.last_error).toBeNull();
    expect(walk.last_success_at).toBeNull();
    expect(walk.lease_owner).toBeNull();
    expect(walk.due_in).toBeLessThanOrEqual(0);
    expect(pass.report.work.steamspy.failed).toBe(0);
  });

  it("walks the pages once the rest is over", async () => {
    await sleep(2_000); // the replay's own cool-down (real time) is over too
    const before = world.replay.requests("steamspy").length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "120" }, { steamspyAll: spyAll }));
    expect(pages(world, before).map((r) => [r.query.page, r.limited])).toEqual([["0", false], ["1", false]]);
    expect(await count(world.pool, "SELECT count(*) FROM games WHERE sources -> 'owners' ->> 'source' = 'steamspy'")).toBe(APPS.length);
    expect(await tasks(world.pool, "kind = 'tags' AND due_at <= now() + interval '120 seconds'")).toEqual([]);
  });
});

describe("tags while a walk waits for its next page (SteamSpy's real budgets: 1 a second, request=all 1 a minute)", () => {
  const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS, withKey: false });
  let pass: OnceResult;
  beforeAll(async () => {
    const real = { steamspy: { requests: 1, windowSeconds: 1 }, steamspyAll: { requests: 1, windowSeconds: 60 } };
    pass = await runOnce(world.env({ LUDEX_SYNC_TIMEOUT_MS: "1000" }, real), { maxSeconds: 10 });
  });

  it("the walk's first page created the apps, and their other work was done", () => {
    expect(pages(world).map((r) => r.query.page)).toEqual(["0"]);
    expect(pass.report.totals.newApps).toBe(APPS.length);
    expect(pass.report.work.details.fetched).toBe(APPS.length);
  });

  it("the new apps' SteamSpy tags are fetched meanwhile, about one a second", () => {
    expect(pass.report.work.tags.fetched).toBeGreaterThanOrEqual(3);
  });
});
