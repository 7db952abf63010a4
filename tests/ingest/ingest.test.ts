import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { runIngest, type IngestReport } from "../../lib/market/ingest/run-ingest";
import { createTestDatabase } from "../support/test-database";

// Fixtures cut from the real files by cut-fixtures.ts: 570 Dota 2 (every source), 10 Counter-Strike,
// 1643320 STALKER 2 (month-only date), 223850 3DMark (no date), 60600 (SteamSpy 2023 only), plus malformed records.
const FIXTURES = join(process.cwd(), "tests/ingest/fixtures");
const SERVER = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

let database: { url: string; drop: () => Promise<void> };
let db: pg.Client;
let report: IngestReport;

beforeAll(async () => {
  database = await createTestDatabase(SERVER);
  await migrateDatabase(database.url);
  report = await runIngest({ databaseUrl: database.url, dataDir: FIXTURES });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const game = async (appId: number) => (await db.query("SELECT *, release_date::text AS day FROM games WHERE app_id = $1", [appId])).rows[0];
const tagsOf = async (appId: number) =>
  (await db.query("SELECT t.name, gt.rank, gt.source FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = $1 ORDER BY gt.rank", [appId])).rows;
const spy2025 = { source: "steamspy-2025-01-01", observedAt: "2025-01-01" };
const details = { source: "steam-appdetails", observedAt: "2019-03-06" };

describe("merged games", () => {
  it("Dota 2: every family from its best source, full coverage", async () => {
    const g = await game(570);
    expect(g).toMatchObject({
      name: "Dota 2", slug: "dota-2", type: "game", developers: ["Valve"], publishers: ["Valve"],
      day: "2013-07-09", release_precision: "day", release_year: 2013, release_text: "9 Jul, 2013",
      price_cents: 0, initial_price_cents: 0, currency: "USD", discount_percent: 0, is_free: true,
      platforms: ["windows", "mac", "linux"], genres: ["Action", "Free to Play", "Strategy"],
      reviews_positive: 1963225, reviews_negative: 441995, reviews_total: 2405220, review_score: 8, review_label: "Very Positive",
      owners_low: 200000000, owners_high: 500000000, ccu: 547518, playtime_avg_minutes: 23944, playtime_median_minutes: 801,
      coverage: "full",
    });
    expect(g.rating).toBeCloseTo(1963225 / 2405220, 12);
    expect(g.sources).toMatchObject({ catalog: spy2025, reviews: spy2025, price: spy2025, release: details, genres: details, storeDetails: details });
    expect(g.sources.playtime).toEqual({ source: "steam-store-2019", observedAt: "2019-04-24" });
    expect(g.store_details).toMatchObject({ shortDescription: expect.any(String), headerImage: expect.stringMatching(/^https:/), isFree: true });
    expect(g.store_details.supportedLanguages).not.toMatch(/<|&amp;/);
  });

  it("Counter-Strike: SteamSpy counts, 2019 release and genres, 2023 store tags", async () => {
    const g = await game(10);
    expect(g).toMatchObject({
      name: "Counter-Strike", type: null, day: "2000-11-01", release_precision: "day", price_cents: 199, initial_price_cents: 999,
      discount_percent: 80, currency: "USD", is_free: false, genres: ["Action"], review_label: "Overwhelmingly Positive", coverage: "partial",
    });
    expect(g.sources.release).toEqual({ source: "steam-store-2019", observedAt: "2019-04-24" });
    expect(g.store_details).toBeNull();
  });

  it("splits SteamSpy's comma-joined publishers", async () => {
    expect((await game(1643320)).publishers).toEqual(["GSC Game World (worldwide)", "SEGA (Japan)", "4divinity (China and South East Asia)"]);
  });

  it("release precision: month-only, printed-but-unknown and absent dates", async () => {
    expect(await game(1643320)).toMatchObject({ day: "2023-12-01", release_precision: "month", release_year: 2023, release_text: "December 2023" });
    expect(await game(999004)).toMatchObject({ day: null, release_precision: "unknown", release_year: null, release_text: "Coming soon" });
    expect(await game(999006)).toMatchObject({ day: null, release_precision: "unknown", release_text: "someday" });
    const noDate = await game(223850);
    expect(noDate).toMatchObject({ day: null, release_precision: "unknown", release_text: null, coverage: "basic" });
    expect(noDate.sources).not.toHaveProperty("release");
  });

  it("null, never zero, for what no source collected", async () => {
    const stalker = await game(1643320);
    // the 2025 snapshot's playtimes are all 0: not collected
    expect(stalker).toMatchObject({ playtime_avg_minutes: null, playtime_median_minutes: null, genres: [], categories: [] });
    expect(stalker.sources).not.toHaveProperty("playtime");
    expect(stalker.sources).not.toHaveProperty("genres");
    const odd = await game(999004);
    expect(odd).toMatchObject({ reviews_positive: null, reviews_total: null, rating: null, review_score: null, review_label: null, owners_low: null, ccu: null });
    expect(odd).toMatchObject({ name: "Odd & Fixture", price_cents: 0, is_free: true, coverage: "basic" });
    expect(odd.sources).not.toHaveProperty("reviews");
    // SteamSpy 2023 did collect playtime for this app
    expect(await game(60600)).toMatchObject({ playtime_avg_minutes: 34, playtime_median_minutes: 65, ccu: 0 });
  });

  it("counts coverage tiers", () => {
    expect(report.coverage).toEqual({ full: 1, partial: 3, basic: 3 });
  });
});

describe("tags", () => {
  it("keeps store order with 1-based ranks and records the source", async () => {
    expect((await tagsOf(1643320)).map((t) => t.name)).toEqual(["Open World", "FPS", "Post-apocalyptic", "Survival", "RPG", "Shooter", "Atmospheric"]);
    expect((await tagsOf(1643320)).map((t) => t.rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await tagsOf(60600)).map((t) => [t.name, t.source])).toEqual([["Action", "steam-store-2019"], ["Indie", "steam-store-2019"], ["Co-op", "steam-store-2019"]]);
  });

  it("matches escaped, spaced and respelled names; unknown names are counted and leave no gap", async () => {
    expect(await tagsOf(999004)).toEqual([
      { name: "Design & Illustration", rank: 1, source: "steam-store-search-2023" },
      { name: "Dystopian", rank: 2, source: "steam-store-search-2023" },
    ]);
    expect((await tagsOf(570)).map((t) => t.name)).toContain("eSports");
    expect(report.unknownTagNames).toEqual({ "Not A Real Tag": 2 });
  });

  it("stores all 444 tags with plain names, unique slugs and recomputed game counts", async () => {
    const tags = (await db.query("SELECT id, name, slug, game_count FROM tags")).rows;
    expect(tags).toHaveLength(444);
    expect(new Set(tags.map((t) => t.slug)).size).toBe(444);
    expect(tags.filter((t) => /&amp;|^\s|\s$/.test(t.name))).toEqual([]);
    expect(tags.find((t) => t.id === 1698)).toMatchObject({ name: "Point & Click", slug: "point-and-click" });
    expect(tags.find((t) => t.name === "Team-Based")?.game_count).toBe(2);
  });
});

describe("snapshots and reviews", () => {
  it("one snapshot per game, source and observation day", async () => {
    const rows = (await db.query("SELECT source, observed_on::text AS day, reviews_positive, owners_low, ccu, price_cents FROM snapshots WHERE app_id = 223850 ORDER BY observed_on")).rows;
    expect(rows).toEqual([
      { source: "steam-review-stats-2021", day: "2018-07-01", reviews_positive: 1837, owners_low: null, ccu: null, price_cents: null },
      { source: "steamspy-2023-02-04", day: "2023-02-04", reviews_positive: 11999, owners_low: 500000, ccu: 867, price_cents: 3499 },
      { source: "steamspy-2025-01-01", day: "2025-01-01", reviews_positive: 16201, owners_low: 1000000, ccu: 749, price_cents: 874 },
    ]);
  });

  it("stores every review text with its fields", async () => {
    const rows = (await db.query("SELECT * FROM reviews WHERE app_id = 570")).rows;
    expect(rows).toHaveLength(5);
    for (const r of rows) {
      expect(r).toMatchObject({ language: "english", text: expect.any(String), voted_up: expect.any(Boolean), author_steam_id: expect.stringMatching(/^\d+$/) });
      expect(r.created_at).toBeInstanceOf(Date);
    }
  });
});

describe("the report", () => {
  it("counts malformed records per source with the first examples, and never aborts", () => {
    const s = report.sources;
    expect(s["steamspy-2025-01-01"]).toMatchObject({ read: 8, written: 4, malformed: 3 });
    expect(s["steamspy-2025-01-01"].examples.map((e) => e.record)).toEqual(["999002", "999005", "oops"]);
    expect(s["steamspy-2025-01-01"].examples[0].reason).toBe("bad owners lots");
    expect(s["steam-appdetails"]).toMatchObject({ malformed: 1, examples: [{ record: "999003.json" }] });
    expect(s["steam-store-2019"]).toMatchObject({ malformed: 1, examples: [{ reason: "bad appid" }] });
    expect(s["steam-store-search-2023"].examples).toEqual([{ record: "999009", reason: "tags not a list: Indie, Puzzle" }]);
    expect(s["steam-review-stats-2021"]).toMatchObject({ malformed: 1, skipped: { "app not named by any source": 2 } });
    expect(s["steam-appreviews"].examples).toEqual([{ record: "570/1", reason: "missing review text" }]);
    expect(s.merge.examples).toEqual([{ record: "576960", reason: "no source gives a name" }]);
    expect(report.reviewLabelAgreement).toMatchObject({ compared: 4, agreed: 4, rate: 1 });
  });

  it("records the run in ingest_runs", async () => {
    const runs = (await db.query("SELECT finished_at, report FROM ingest_runs")).rows;
    expect(runs).toHaveLength(1);
    expect(runs[0].finished_at).toBeInstanceOf(Date);
    expect(runs[0].report.coverage).toEqual(report.coverage);
  });
});

describe("re-runs", () => {
  const versions = async () =>
    (await db.query(`SELECT 'g' || app_id AS k, xmin::text AS v, updated_at::text AS u FROM games
      UNION ALL SELECT 's' || app_id || source || observed_on, xmin::text, '' FROM snapshots
      UNION ALL SELECT 't' || app_id || '-' || tag_id, xmin::text, '' FROM game_tags
      UNION ALL SELECT 'r' || id, xmin::text, '' FROM reviews
      UNION ALL SELECT 'T' || id, xmin::text, '' FROM tags ORDER BY 1`)).rows;

  it("is idempotent: a second run changes no row", async () => {
    const before = await versions();
    const again = await runIngest({ databaseUrl: database.url, dataDir: FIXTURES });
    for (const written of Object.values(again.written)) expect(written).toEqual({ inserted: 0, updated: 0 });
    expect(await versions()).toEqual(before);
  });

  it("never deletes: rows and values missing from new input stay stored", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ludex-ingest-"));
    try {
      // new input: only the tag list and the 2023 search scrape
      cpSync(join(FIXTURES, "tags"), join(dir, "tags"), { recursive: true });
      cpSync(join(FIXTURES, "store/steam-store-search-2023.csv.gz"), join(dir, "store/steam-store-search-2023.csv.gz"));
      const counts = async () => (await db.query("SELECT (SELECT count(*) FROM games) g, (SELECT count(*) FROM snapshots) s, (SELECT count(*) FROM reviews) r, (SELECT count(*) FROM game_tags) t")).rows[0];
      const before = await counts();
      const kept = await game(60600);
      await runIngest({ databaseUrl: database.url, dataDir: dir });
      expect(await counts()).toEqual(before);
      expect(await game(60600)).toEqual(kept);
      const dota = await game(570);
      expect(dota).toMatchObject({ genres: ["Action", "Free to Play", "Strategy"], reviews_total: 2405220, coverage: "full", type: "game" });
      expect(dota.sources.genres).toEqual(details);
      expect(dota.store_details).not.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
