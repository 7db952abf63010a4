// Change hints from the app list (IStoreService/GetAppList with STEAM_API_KEY): a store page changed since the
// last walk (`last_modified`) is fetched again once, at the next hourly walk, and never again for that change;
// a raised `price_change_number` makes the price due as well. And nothing is fetched twice for one change.
import { beforeAll, describe, expect, it } from "vitest";
import { fetchCounts, kindOf, repeated, requestsFor } from "./support/replay-log";
import { syncDay } from "./support/sync-reads";
import { runOnce } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 8), ...BUILT_APPS.slice(0, 7)];
const HOUR = 3_700; // a little over the app list's hourly walk
const DAY = 86_400;

describe("a store page that changed", () => {
  // the replay's clock follows the sync's shifted one, so a change is stamped in the sync's time
  let shiftSeconds = 0;
  const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS, clock: () => Date.now() + shiftSeconds * 1000 });
  const RENAMED = 20;
  const REPRICED = 2500;

  /** The replay's log of one pass run `hours` later than the second. */
  async function passLater(hours: number) {
    const before = world.replay.requests().length;
    shiftSeconds = DAY + hours * HOUR;
    const result = await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(shiftSeconds) }));
    return { log: world.replay.requests().slice(before), report: result.report };
  }

  async function game(appId: number) {
    const { rows } = await world.pool.query("SELECT name, price_cents, discount_percent, sources -> 'catalog' ->> 'source' AS catalog FROM games WHERE app_id = $1", [appId]);
    return rows[0];
  }

  beforeAll(async () => {
    // the catalog, and a day later the daily full walk, which records any first change hint the first pass
    // missed (an app SteamSpy created while the list was being walked): a first hint changes nothing
    await runOnce(world.env());
    shiftSeconds = DAY;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(DAY) }));
  });

  it("is fetched once at the next hourly walk, and the new name written", async () => {
    world.replay.update(RENAMED, { name: "Team Fortress Classic: Renamed" });
    const { log } = await passLater(1);
    const walk = log.filter((r) => kindOf(r) === "applist");
    expect(walk).toHaveLength(1);
    expect(walk[0].query.if_modified_since).toBeDefined(); // the hourly walk asks only for what changed
    expect(requestsFor(log, "details").map((r) => r.appIds)).toEqual([[RENAMED]]);
    expect(await game(RENAMED)).toMatchObject({ name: "Team Fortress Classic: Renamed", catalog: "steam-store" });
  });

  it("is not fetched again at the walk after", async () => {
    const { log } = await passLater(2);
    expect(log.filter((r) => kindOf(r) === "applist")).toHaveLength(1);
    expect(requestsFor(log, "details")).toEqual([]);
    expect(log.filter((r) => r.host === "store")).toEqual([]);
  });

  it("with a new price too, has its price checked once as well", async () => {
    world.replay.update(REPRICED, { name: "Shadowgrounds: Repriced", price: { initial: 1999, final: 999, discount: 50 } });
    const { log } = await passLater(3);
    expect(requestsFor(log, "details").map((r) => r.appIds)).toEqual([[REPRICED]]);
    expect(requestsFor(log, "prices").map((r) => r.appIds)).toEqual([[REPRICED]]);
    expect(await game(REPRICED)).toMatchObject({ name: "Shadowgrounds: Repriced", price_cents: 999, discount_percent: 50 });
    const { rows } = await world.pool.query(
      "SELECT price_cents FROM snapshots WHERE app_id = $1 AND source = 'steam-store' AND observed_on = $2::date",
      [REPRICED, await syncDay(world.pool, shiftSeconds)],
    );
    expect(rows).toEqual([{ price_cents: 999 }]); // the day's one row, updated
  });

  it("and nothing more the walk after", async () => {
    const { log } = await passLater(4);
    expect(log.filter((r) => r.host === "store")).toEqual([]);
  });
});

describe("the first pass on an empty database, while the app list is slow", () => {
  const world = useSyncWorld({ apps: APPS.slice(0, 8), limits: NO_LIMITS });

  beforeAll(async () => {
    // SteamSpy's first page creates the apps at once; the app list, which brings their first change hints,
    // answers a second later, while the store's first answers take 1.5 s
    world.replay.fault({ host: "api", match: { path: /getapplist/i }, kind: { type: "delay", ms: 1_000 } });
    world.replay.fault({ host: "store", kind: { type: "delay", ms: 1_500 }, times: 8 });
    await runOnce(world.env());
  });

  it("does all the work", async () => {
    const { rows } = await world.pool.query("SELECT count(*)::int AS n FROM sync_tasks WHERE last_success_at IS NULL");
    expect(rows[0].n).toBe(0);
  });

  it("fetches each app's store page and price once", () => {
    const log = world.replay.requests("store");
    expect(repeated(fetchCounts(log))).toEqual([]);
  });
});
