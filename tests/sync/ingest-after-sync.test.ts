// `npm run ingest` after the sync never rolls data back: ingestion's games upsert (table-specs.ts GAMES) keeps
// every family the sync observed later than the bundled files, with its source, and still writes a family
// whose stored observation is older than the files'.
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { FAMILY_COLUMNS } from "@/lib/market/field-families";
import { gameRow, GAMES } from "@/lib/market/ingest/table-specs";
import { upsertRows } from "@/lib/market/ingest/upsert-rows";
import type { MergedGame } from "@/lib/market/ingest/merge-game";
import { ingestedGames } from "./support/ingestion-rows";
import { syncDay } from "./support/sync-reads";
import { runOnce } from "./support/sync-process";
import { NO_LIMITS, useSyncWorld } from "./support/sync-world";

const APP = 10; // Counter-Strike: in every bundled source
const world = useSyncWorld({ apps: [APP, 20, 30, 2500], limits: NO_LIMITS });

/** The columns the sync's families own (tag_ids are written by ingestion's tag links, not its games upsert) */
const COLUMNS = Object.entries(FAMILY_COLUMNS).flatMap(([family, columns]) => (family === "tags" ? [] : [...columns]));

async function storedGame(): Promise<Record<string, unknown>> {
  const { rows } = await world.pool.query(`SELECT ${COLUMNS.join(", ")}, sources FROM games WHERE app_id = $1`, [APP]);
  return rows[0];
}

async function ingest(game: MergedGame) {
  const client = new pg.Client({ connectionString: world.url });
  await client.connect();
  try {
    return await upsertRows(client, GAMES, [gameRow(game)]);
  } finally {
    await client.end();
  }
}

let synced: Record<string, unknown>;
let files: MergedGame;
let today: string;

beforeAll(async () => {
  // today's Steam differs from the bundled files on several families
  world.replay.update(APP, { name: "Counter-Strike (today)", reviews: { positive: 250_000, negative: 9_000 }, price: { initial: 999, final: 499, discount: 50 }, players: 4_242 });
  await runOnce(world.env());
  today = await syncDay(world.pool);
  [files] = ingestedGames([APP]);
  // one family the sync observed is made older than the files: ingestion must still write that one
  await world.pool.query(
    `UPDATE games SET playtime_avg_minutes = 1, playtime_median_minutes = 1,
       sources = jsonb_set(sources, '{playtime}', '{"source": "steamspy", "observedAt": "2000-01-01"}') WHERE app_id = $1`,
    [APP],
  );
  synced = await storedGame();
});

describe("ingestion's games upsert after a sync", () => {
  it("would change what the sync wrote (the files are older and say otherwise)", () => {
    expect(files.name).not.toBe(synced.name);
    expect(files.priceCents).not.toBe(synced.price_cents);
    expect(files.reviewsPositive).not.toBe(synced.reviews_positive);
    expect((synced.sources as Record<string, { observedAt: string }>).catalog.observedAt).toBe(today);
    expect(files.sources.catalog.observedAt < today).toBe(true);
  });

  it("keeps every family the sync observed later, and its source", async () => {
    await ingest(files);
    const after = await storedGame();
    const sources = after.sources as Record<string, unknown>;
    const syncedSources = synced.sources as Record<string, unknown>;
    for (const family of Object.keys(syncedSources).filter((f) => f !== "playtime")) {
      expect(sources[family], family).toEqual(syncedSources[family]);
      for (const column of (FAMILY_COLUMNS as Record<string, readonly string[]>)[family] ?? []) {
        if (column !== "tag_ids") expect(after[column], `${family}.${column}`).toEqual(synced[column]);
      }
    }
    expect(after).toMatchObject({ name: "Counter-Strike (today)", price_cents: 499, reviews_positive: 250_000, players: 4_242 });
  });

  it("writes the family whose stored observation is older than the files'", async () => {
    const after = await storedGame();
    expect((after.sources as Record<string, unknown>).playtime).toEqual(files.sources.playtime);
    expect(after.playtime_avg_minutes).toBe(files.playtimeAvg);
    expect(files.playtimeAvg).not.toBe(1);
  });

  it("changes nothing when run again", async () => {
    const before = await storedGame();
    expect(await ingest(files)).toEqual({ inserted: 0, updated: 0 });
    expect(await storedGame()).toEqual(before);
  });
});
