import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/db/migrate-database";
import { runIngest, type IngestReport } from "@/lib/market/ingest/run-ingest";
import { parseReleaseDate } from "@/lib/market/ingest/release-date";
import { createTestDatabase } from "../support/test-database";
import { writeFixtureData } from "./fixture-data";

// 570: full (appdetails + review texts); 1643320: store search 2023 only; 10: in the 2019 store data.
const IDS = { full: 570, partial: 1643320, tracked: 10 };
const SERVER = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

let dir: string;
let database: { url: string; drop: () => Promise<void> };
let db: pg.Client;
let report: IngestReport;
let fixture: { reviewIds: string[] };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ludex-ingest-"));
  fixture = writeFixtureData(dir, IDS);
  database = await createTestDatabase(SERVER);
  await migrateDatabase(database.url);
  report = await runIngest({ databaseUrl: database.url, dataDir: dir });
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
});

afterAll(async () => {
  await db?.end();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const game = async (appId: number) => (await db.query("SELECT * FROM games WHERE app_id = $1", [appId])).rows[0];

describe("ingestion of the real formats", () => {
  it("merges a fully covered game field by field, with sources", async () => {
    const dota = await game(570);
    expect(dota).toMatchObject({ name: "Dota 2", type: "game", release_precision: "day", currency: "USD", coverage: "full", is_free: true });
    expect(dota.release_date.toISOString().slice(0, 10)).toBe("2013-07-09");
    expect(dota.platforms).toEqual(["windows", "mac", "linux"]);
    expect(dota.reviews_total).toBe(dota.reviews_positive + dota.reviews_negative);
    expect(dota.review_label).toBe("Very Positive");
    expect(dota.sources.reviews).toEqual({ source: "steamspy-2025-01-01", observedAt: "2025-01-01" });
    expect(dota.sources.storeDetails.source).toBe("steam-appdetails");
    expect(dota.store_details.shortDescription).toEqual(expect.any(String));
    const reviews = await db.query("SELECT id FROM reviews WHERE app_id = 570 ORDER BY id");
    expect(reviews.rows.map((r) => r.id).sort()).toEqual([...fixture.reviewIds].sort());
  });

  it("keeps store order for tags and month precision for a month-only date", async () => {
    const stalker = await game(1643320);
    expect(stalker.release_precision).toBe("month");
    expect(stalker.coverage).toBe("partial");
    const tags = await db.query("SELECT t.name, gt.rank FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = 1643320 ORDER BY gt.rank");
    expect(tags.rows.slice(0, 2)).toEqual([{ name: "Open World", rank: 1 }, { name: "FPS", rank: 2 }]);
  });

  it("stores null, never zero, for what no source collected", async () => {
    const stalker = await game(1643320);
    expect(stalker.genres).toEqual([]);
    expect(stalker.sources).not.toHaveProperty("genres");
    expect(stalker.playtime_avg_minutes === null || stalker.playtime_avg_minutes > 0).toBe(true);
    const odd = await game(999004);
    expect(odd).toMatchObject({ release_precision: "unknown", release_date: null, reviews_total: null, rating: null, owners_low: null, ccu: null, coverage: "basic" });
  });

  it("counts malformed records with examples and never aborts", () => {
    expect(report.sources["steamspy-2025-01-01"].malformed).toBe(2);
    expect(report.sources["steamspy-2025-01-01"].examples.map((e) => e.reason)).toEqual(["missing name", "bad owners lots"]);
    expect(report.sources["steam-appdetails"].malformed).toBe(1);
    expect(report.sources["steam-appreviews"].examples[0]).toMatchObject({ record: "570/1", reason: "missing review text" });
    expect(report.unknownTagNames).toEqual({ "Not A Real Tag": 1 });
  });

  it("records snapshots per source and date", async () => {
    const rows = await db.query("SELECT source, to_char(observed_on, 'YYYY-MM-DD') AS day FROM snapshots WHERE app_id = 10 ORDER BY observed_on");
    expect(rows.rows.map((r) => r.source)).toEqual(expect.arrayContaining(["steamspy-2025-01-01"]));
  });

  it("is idempotent: a second run changes no row", async () => {
    const before = await db.query("SELECT app_id, updated_at FROM games ORDER BY app_id");
    const again = await runIngest({ databaseUrl: database.url, dataDir: dir });
    for (const written of Object.values(again.written)) expect(written).toEqual({ inserted: 0, updated: 0 });
    const after = await db.query("SELECT app_id, updated_at FROM games ORDER BY app_id");
    expect(after.rows).toEqual(before.rows);
  });

  it("never deletes: a game and a value missing from new input stay stored", async () => {
    await db.query("INSERT INTO games (app_id, name, slug, reviews_positive) VALUES (424242, 'Kept', 'kept', 7)");
    await db.query("UPDATE games SET genres = ARRAY['Kept Genre'], sources = sources || '{\"genres\": {\"source\": \"manual\", \"observedAt\": \"2020\"}}' WHERE app_id = 1643320");
    await runIngest({ databaseUrl: database.url, dataDir: dir });
    expect((await game(424242)).reviews_positive).toBe(7);
    const stalker = await game(1643320);
    expect(stalker.genres).toEqual(["Kept Genre"]);
    expect(stalker.sources.genres.source).toBe("manual");
  });
});

describe("release dates as stores print them", () => {
  it.each([
    ["2013-07-09", "2013-07-09", "day"],
    ["9 Jul, 2013", "2013-07-09", "day"],
    ["Jun 5, 2023", "2023-06-05", "day"],
    ["December 2023", "2023-12-01", "month"],
    ["Q1 2024", "2024-01-01", "year"],
    ["2023", "2023-01-01", "year"],
    ["Coming soon", null, "unknown"],
    ["Feb 30, 2023", null, "unknown"],
    ["", null, "unknown"],
  ])("%s", (text, date, precision) => {
    expect(parseReleaseDate(text)).toMatchObject({ date, precision });
  });
});
