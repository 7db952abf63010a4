// Passes after the first: the same day, nothing is due and nothing is written; the next day (the sync's clock
// shifted by LUDEX_SYNC_CLOCK_SHIFT_SECONDS) what is due is fetched again and adds the new day's snapshot rows,
// leaving yesterday's as they were.
import { beforeAll, describe, expect, it } from "vitest";
import type { SyncReportJson } from "@/lib/sync/sync-report";
import type { LoggedRequest } from "@/tests/support/steam-replay";
import { kindOf } from "./support/replay-log";
import { dump, GAMES_DUMP, SNAPSHOTS_DUMP, syncDay } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(8, 20), ...BUILT_APPS.slice(4, 14)];
const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });
const DAY = 86_400;

let today: string;

beforeAll(async () => {
  await runOnce(world.env());
  today = await syncDay(world.pool);
});

/** Requests the replay logged from `from` on. */
const since = (from: number): LoggedRequest[] => world.replay.requests().slice(from);

describe("a second pass the same day", () => {
  let second: OnceResult;

  it("asks nothing and writes nothing", async () => {
    const games = await dump(world.pool, GAMES_DUMP);
    const snapshots = await dump(world.pool, SNAPSHOTS_DUMP);
    const links = await dump(world.pool, "SELECT * FROM game_tags ORDER BY app_id, rank");
    const before = world.replay.requests().length;

    second = await runOnce(world.env(), { lingerMs: null, timeoutMs: 60_000 });
    const { report } = second;

    expect(second.exitCode).toBe(0);
    expect(since(before)).toEqual([]);
    expect(report.totals).toMatchObject({ fetched: 0, updated: 0, newApps: 0, failed: 0 });
    for (const host of ["store", "api", "steamspy", "steamspyAll"] as const) expect(report.hosts[host].requests, host).toBe(0);
    expect(await dump(world.pool, GAMES_DUMP)).toEqual(games);
    expect(await dump(world.pool, SNAPSHOTS_DUMP)).toEqual(snapshots);
    expect(await dump(world.pool, "SELECT * FROM game_tags ORDER BY app_id, rank")).toEqual(links);
  });

  it("and exits as soon as it has printed its report", () => {
    expect(second.exitMs - second.reportMs).toBeLessThan(2_000);
  });
});

describe("a pass the next day", () => {
  let log: LoggedRequest[];
  let tomorrow: string;
  let yesterdayRows: string[];
  let report: SyncReportJson;

  beforeAll(async () => {
    yesterdayRows = await dump(world.pool, SNAPSHOTS_DUMP);
    const before = world.replay.requests().length;
    ({ report } = await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(DAY) })));
    log = since(before);
    tomorrow = await syncDay(world.pool, DAY);
  });

  it("fetches what is due daily: every app's price and SteamSpy's pages", () => {
    expect(tomorrow > today).toBe(true);
    const priced = new Set(log.filter((r) => kindOf(r) === "prices").flatMap((r) => r.appIds));
    expect([...priced].sort()).toEqual([...APPS].map(Number).sort());
    expect(log.filter((r) => kindOf(r) === "spyall").map((r) => r.query.page)).toEqual(["0", "1"]);
  });

  it("keeps yesterday's snapshot rows and adds one row per re-fetched app and source for the new day", async () => {
    const now = await dump(world.pool, SNAPSHOTS_DUMP);
    const oldDay = now.filter((row) => JSON.parse(row).day === today);
    expect(oldDay).toEqual(yesterdayRows);

    const { rows } = await world.pool.query<{ app_id: number; source: string; price_cents: number | null }>(
      "SELECT app_id, source, price_cents FROM snapshots WHERE observed_on = $1::date",
      [tomorrow],
    );
    const got = rows.map((r) => `${r.app_id} ${r.source}`).sort();
    // what was asked of each host the new day, and answered with something to record
    const expected = new Set<string>();
    for (const request of log) {
      const kind = kindOf(request);
      for (const appId of request.appIds) {
        if (kind === "reviews") expected.add(`${appId} steam-appreviews`);
        if (kind === "players") expected.add(`${appId} steam-players`);
      }
    }
    for (const appId of APPS) expected.add(`${appId} steamspy`);
    // every app the store priced yesterday; a free one's price check answers `data: []`, and its store page said it
    // is free: still free, seen the new day
    const storePriced = (await world.pool.query<{ app_id: number }>("SELECT app_id FROM snapshots WHERE source = 'steam-store' AND observed_on = $1::date", [today])).rows;
    for (const { app_id } of storePriced) expected.add(`${app_id} steam-store`);
    expect(got).toEqual([...expected].sort());
    expect(storePriced.length).toBeGreaterThan(APPS.length / 2);
    const free = rows.filter((r) => r.source === "steam-store" && r.price_cents === 0);
    expect(free.length).toBeGreaterThan(0);
  });

  it("dates the re-fetched families the new day", async () => {
    const { rows } = await world.pool.query<{ app_id: number; owners: string; price: string | null }>(
      "SELECT app_id, sources -> 'owners' ->> 'observedAt' AS owners, sources -> 'price' ->> 'observedAt' AS price FROM games WHERE price_cents IS NOT NULL",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([row.app_id, row.owners, row.price]).toEqual([row.app_id, tomorrow, tomorrow]);
  });

  it("leaves no walk due when it says nothing is left, so another pass that day asks nothing", async () => {
    expect(report.stoppedBecause).toBe("nothing left due");
    const { rows } = await world.pool.query<{ id: string }>(
      "SELECT id FROM sync_jobs WHERE id IN ('plan', 'applist', 'taglist', 'steamspy') AND due_at <= now() + make_interval(secs => $1)",
      [DAY],
    );
    expect(rows.map((r) => r.id)).toEqual([]);
    const before = world.replay.requests().length;
    await runOnce(world.env({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(DAY + 60) }));
    expect(since(before).map((r) => r.path)).toEqual([]);
  });
});
