// A fresh database (migrated, never ingested) filled by one `npm run sync -- --once` from the three Steam hosts
// alone: every app with what the hosts serve, each family's source dated today, one snapshot row per app,
// source and day, and a report whose counts are what the database holds.
import { beforeAll, describe, expect, it } from "vitest";
import { parseReleaseDate } from "@/lib/market/ingest/release-date";
import { tagMatcher } from "@/lib/market/ingest/match-tags";
import type { LoggedRequest } from "@/tests/support/steam-replay";
import { appTruth, type AppTruth } from "./support/replay-truth";
import { kindOf } from "./support/replay-log";
import { count, syncDay, tasks } from "./support/sync-reads";
import { runOnce, type OnceResult } from "./support/sync-process";
import { BUILT_APPS, NO_LIMITS, RECORDED_APPS, useSyncWorld } from "./support/sync-world";

const APPS = [...RECORDED_APPS.slice(0, 16), ...BUILT_APPS.slice(0, 12)];
const world = useSyncWorld({ apps: APPS, limits: NO_LIMITS });

let pass: OnceResult;
let log: LoggedRequest[];
let today: string;
const truth = new Map<number, AppTruth>();

beforeAll(async () => {
  pass = await runOnce(world.env());
  log = world.replay.requests();
  today = await syncDay(world.pool);
  for (const appId of APPS) truth.set(appId, await appTruth(world.replay, appId));
});

interface GameRow {
  app_id: number;
  name: string;
  release_day: string | null;
  release_text: string | null;
  price_cents: number | null;
  reviews_positive: number | null;
  reviews_negative: number | null;
  reviews_total: number | null;
  review_label: string | null;
  players: number | null;
  owners_low: number | null;
  owners_high: number | null;
  tag_ids: number[];
  sources: Record<string, { source: string; observedAt: string }>;
}

async function games(): Promise<Map<number, GameRow>> {
  const { rows } = await world.pool.query<GameRow>("SELECT *, to_char(release_date, 'YYYY-MM-DD') AS release_day FROM games");
  return new Map(rows.map((row) => [row.app_id, row]));
}

describe("sync --once on an empty database", () => {
  it("ends on its own with nothing failed", () => {
    expect(pass.report.stoppedBecause).toBe("nothing left due");
    expect(pass.report.errors).toEqual([]);
    expect(pass.report.totals.failed).toBe(0);
  });

  it("stores every served app with the name, release, price, reviews, players and owners the hosts serve", async () => {
    // the hosts do serve these values for most apps: the comparison below is not one of nulls
    const known = (pick: (t: AppTruth) => unknown) => APPS.filter((appId) => pick(truth.get(appId)!) !== null).length;
    for (const pick of [(t: AppTruth) => t.priceCents, (t: AppTruth) => t.players, (t: AppTruth) => t.owners, (t: AppTruth) => t.releaseText]) {
      expect(known(pick)).toBeGreaterThan(APPS.length * 0.7);
    }
    const stored = await games();
    expect([...stored.keys()].sort((a, b) => a - b)).toEqual([...APPS].sort((a, b) => a - b));
    for (const appId of APPS) {
      const game = stored.get(appId)!;
      const t = truth.get(appId)!;
      const release = parseReleaseDate(t.releaseText ?? undefined);
      expect(
        {
          name: game.name, releaseText: game.release_text, releaseDay: game.release_day, price: game.price_cents,
          reviews: [game.reviews_positive, game.reviews_negative, game.reviews_total], label: game.review_label,
          players: game.players, owners: game.owners_low === null ? null : { low: game.owners_low, high: game.owners_high },
        },
        `app ${appId}`,
      ).toEqual({
        name: t.name, releaseText: t.releaseText, releaseDay: release.date, price: t.priceCents,
        reviews: [t.reviews.positive, t.reviews.negative, t.reviews.positive + t.reviews.negative], label: t.reviews.label,
        players: t.players, owners: t.owners,
      });
    }
  });

  it("stores SteamSpy's tags in vote order, in game_tags and games.tag_ids alike", async () => {
    const { rows: tagRows } = await world.pool.query<{ id: number; name: string }>("SELECT id, name FROM tags");
    expect(tagRows.length).toBeGreaterThan(400); // the catalog came from GetTagList (the replay serves 444)
    const idOf = tagMatcher(tagRows);
    const stored = await games();
    let tagged = 0;
    for (const appId of APPS) {
      const expected = [...new Set(truth.get(appId)!.tags.map(idOf).filter((id): id is number => id !== undefined))];
      const { rows } = await world.pool.query<{ tag_id: number }>("SELECT tag_id FROM game_tags WHERE app_id = $1 ORDER BY rank", [appId]);
      expect(rows.map((r) => r.tag_id), `app ${appId}`).toEqual(expected);
      expect(stored.get(appId)!.tag_ids, `app ${appId}`).toEqual([...expected].sort((a, b) => a - b));
      if (expected.length > 0) tagged++;
    }
    expect(tagged).toBeGreaterThan(APPS.length / 2);
  });

  it("dates every family's source today, naming the host that served it", async () => {
    const stored = await games();
    for (const appId of APPS) {
      const { sources } = stored.get(appId)!;
      const t = truth.get(appId)!;
      const expected: Record<string, string> = {
        catalog: "steam-store", reviews: "steam-appreviews", owners: "steamspy", ccu: "steamspy", storeDetails: "steam-store",
      };
      if (t.priceCents !== null) expected.price = "steam-store";
      if (t.releaseText) expected.release = "steam-store";
      if (t.players !== null) expected.players = "steam-players";
      if (t.tags.length > 0) expected.tags = "steamspy";
      for (const [family, source] of Object.entries(expected)) {
        expect(sources[family], `app ${appId} ${family}`).toEqual({ source, observedAt: today });
      }
    }
  });

  it("writes one snapshot row per app, source and day, holding what each host served", async () => {
    const { rows } = await world.pool.query<{ app_id: number; source: string; day: string; reviews_positive: number | null; reviews_negative: number | null; players: number | null; price_cents: number | null; owners_low: number | null }>(
      "SELECT *, to_char(observed_on, 'YYYY-MM-DD') AS day FROM snapshots ORDER BY app_id, source",
    );
    const expected: string[] = [];
    for (const appId of APPS) {
      const t = truth.get(appId)!;
      expected.push(`${appId} steam-appreviews ${today}`, `${appId} steamspy ${today}`);
      if (t.players !== null) expected.push(`${appId} steam-players ${today}`);
      if (t.priceCents !== null) expected.push(`${appId} steam-store ${today}`);
    }
    expect(rows.map((r) => `${r.app_id} ${r.source} ${r.day}`).sort()).toEqual(expected.sort());
    for (const row of rows) {
      const t = truth.get(row.app_id)!;
      if (row.source === "steam-appreviews") expect([row.reviews_positive, row.reviews_negative]).toEqual([t.reviews.positive, t.reviews.negative]);
      if (row.source === "steam-players") expect(row.players).toBe(t.players);
      if (row.source === "steam-store") expect(row.price_cents).toBe(t.priceCents);
      if (row.source === "steamspy") expect(row.owners_low).toBe(t.owners?.low ?? null);
    }
  });

  it("reports what the hosts and the database saw", async () => {
    const { report } = pass;
    expect(report.totals.newApps).toBe(await count(world.pool, "SELECT count(*) FROM games"));
    // an app counts as fetched once per answer naming it (a price batch names up to 100 apps); an app fetched
    // twice counts twice: change-hints.test.ts shows when that happens
    for (const kind of ["details", "prices", "reviews", "players", "tags"] as const) {
      expect(report.work[kind].fetched, kind).toBe(log.filter((r) => kindOf(r) === kind).flatMap((r) => r.appIds).length);
      expect(await tasks(world.pool, "kind = $1 AND last_success_at IS NOT NULL", [kind]), kind).toHaveLength(APPS.length);
    }
    expect(report.work.steamspy.fetched).toBe(APPS.length);
    expect(report.work.applist.fetched).toBe(APPS.length);
    for (const host of ["store", "api", "steamspy"] as const) {
      expect(report.hosts[host].requests, host).toBe(log.filter((r) => r.host === host).length);
    }
    const { rows } = await world.pool.query<{ report: typeof report }>("SELECT report FROM sync_runs ORDER BY id DESC LIMIT 1");
    expect(rows[0].report).toEqual(report);
  });

  it("leaves every task due later, with no lease held", async () => {
    const all = await tasks(world.pool);
    expect(all).toHaveLength(APPS.length * 5);
    expect(all.filter((t) => t.lease_owner !== null || t.lease_until !== null)).toEqual([]);
    expect(all.filter((t) => t.due_in <= 0).map((t) => `${t.kind}:${t.app_id}`)).toEqual([]);
  });
});
