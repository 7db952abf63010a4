// An app the store answers `success:false` for (and the Web API result 42): recorded as unavailable, put last in
// line (priority 3) and asked again in about 30 days, not at every pass nor by the daily price check.
import { beforeAll, describe, expect, it } from "vitest";
import type { LoggedRequest } from "@/tests/support/steam-replay";
import { kindOf } from "./support/replay-log";
import { tasks } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const GONE = 240;
const APPS = [...RECORDED_APPS.slice(4, 12), ...BUILT_APPS.slice(0, 4)];
const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
const DAY = 86_400;

/** Requests after the first `from` that name the gone app, by kind. */
function askedAbout(from: number): string[] {
  return world.replay
    .requests()
    .slice(from)
    .filter((r) => r.appIds.includes(GONE))
    .map((r) => kindOf(r));
}

let pass: OnceResult;
let log: LoggedRequest[];

beforeAll(async () => {
  world.replay.setUnavailable(GONE);
  pass = await runOnce(world.env());
  log = world.replay.requests();
});

describe("an app the store and the Web API no longer serve", () => {
  it("is still stored (SteamSpy lists it) and asked once of each host", async () => {
    const { rows } = await world.pool.query("SELECT name, sources -> 'catalog' ->> 'source' AS source FROM games WHERE app_id = $1", [GONE]);
    expect(rows[0]).toMatchObject({ source: "steamspy" });
    expect(log.filter((r) => r.appIds.includes(GONE)).map(kindOf).sort()).toEqual(["details", "players", "prices", "reviews", "tags"]);
  });

  it("is recorded as unavailable: priority 3, due again at the start of the day 30 days on", async () => {
    const gone = await tasks(world.pool, "app_id = $1 AND kind IN ('details', 'players', 'prices')", [GONE]);
    expect(gone.map((t) => t.kind)).toEqual(["details", "players", "prices"]);
    for (const t of gone) {
      expect({ kind: t.kind, outcome: t.last_outcome, priority: t.priority, failures: t.failures }).toEqual({ kind: t.kind, outcome: "unavailable", priority: 3, failures: 0 });
      expect(t.due_in, t.kind).toBeGreaterThan(29 * DAY);
      expect(t.due_in, t.kind).toBeLessThanOrEqual(30 * DAY);
    }
    // its reviews: Steam's zeros for an app it does not know are never written; once the store page is known to be
    // gone they park the task too (this pass may have asked for them before it knew)
    const [reviews] = await tasks(world.pool, "app_id = $1 AND kind = 'reviews'", [GONE]);
    expect(["unavailable", "unchanged"]).toContain(reviews.last_outcome);
    // SteamSpy still answers for it: its tags are fetched as usual
    expect((await tasks(world.pool, "app_id = $1 AND kind = 'tags'", [GONE]))[0]).toMatchObject({ last_outcome: "updated", failures: 0 });
  });

  it("is reported as unavailable, not failed, and writes nothing of the store's or the Web API's", async () => {
    for (const kind of ["details", "prices", "players"]) expect(pass.report.work[kind], kind).toMatchObject({ unavailable: 1, failed: 0 });
    expect(pass.report.work.reviews.failed).toBe(0);
    const { rows } = await world.pool.query("SELECT source FROM snapshots WHERE app_id = $1 ORDER BY source", [GONE]);
    expect(rows.map((r) => r.source)).toEqual(["steamspy"]);
    // Steam's zero totals for an app it no longer knows never replace the reviews SteamSpy gave
    const game = await world.pool.query("SELECT reviews_total, sources -> 'reviews' ->> 'source' AS source FROM games WHERE app_id = $1", [GONE]);
    expect(game.rows[0].reviews_total).toBeGreaterThan(0);
    expect(game.rows[0].source).toBe("steamspy");
  });

  it("is not asked again the same day", async () => {
    const before = world.replay.requests().length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "600" }));
    expect(askedAbout(before)).toEqual([]);
  });

  it("is left out of the next day's price check, which asks every other app", async () => {
    const before = world.replay.requests().length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(DAY) }));
    // (an app may be asked twice: change-hints.test.ts shows why; here only which apps are asked matters)
    const priced = new Set(world.replay.requests().slice(before).filter((r) => kindOf(r) === "prices").flatMap((r) => r.appIds));
    expect([...priced].sort()).toEqual(APPS.filter((id) => id !== GONE).sort());
    // nor anything else about it (its SteamSpy tags are on the long tail's 30 days too), but perhaps its reviews once
    // more, if the first pass asked before the store page was known to be gone
    expect(askedAbout(before).filter((kind) => kind !== "reviews")).toEqual([]);
  });

  it("is asked again a month later", async () => {
    const before = world.replay.requests().length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(31 * DAY) }));
    expect(askedAbout(before).sort()).toEqual(["details", "players", "prices", "reviews", "tags"]);
  });
});
