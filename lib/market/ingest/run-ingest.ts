import { resolve } from "node:path";
import pg from "pg";
import { CONNECT_TIMEOUT_MS, guardClient, guardPool } from "../../db/connection-fault";
import { steamReviewLabel } from "../review-label";
import { refreshGameMetrics } from "../aggregates/refresh-metrics";
import { refreshCompanyNames } from "../companies/refresh-company-names";
import { slugify } from "../slugify";
import { IngestLog, type IngestReport, type ReviewLabelAgreement } from "./ingest-log";
import { gameTagRows, tagMatcher } from "./match-tags";
import { mergeGame, SOURCES, type MergedGame } from "./merge-game";
import { refreshGameTagIds } from "./refresh-tag-ids";
import { refreshTagCounts } from "./refresh-tag-counts";
import { readReviewDumps } from "./read-reviews";
import { readSteamSpySnapshots } from "./read-steamspy";
import { readAppDetails, readReviewStats2021, readStore2019, readStoreSearch2023, readTagList } from "./read-store";
import { gameRow, GAMES, GAME_TAGS, REVIEWS, reviewRow, SNAPSHOTS, TAGS } from "./table-specs";
import { upsertRows, type UpsertSpec } from "./upsert-rows";

export type { IngestReport } from "./ingest-log";

export interface IngestOptions {
  databaseUrl: string;
  dataDir?: string;
  onProgress?: (p: { stage: string; done: number; total: number }) => void;
}

type Progress = NonNullable<IngestOptions["onProgress"]>;

/** Reads every real source as published, merges per appid, and upserts; a re-run changes nothing. */
export async function runIngest(options: IngestOptions): Promise<IngestReport> {
  const started = Date.now();
  const dataDir = resolve(process.cwd(), options.dataDir ?? "prisma/data");
  const progress: Progress = options.onProgress ?? (() => undefined);
  const log = new IngestLog();
  await checkReachable(options.databaseUrl);
  progress({ stage: "reading sources", done: 0, total: 1 });
  const sources = readSources(dataDir, log);
  progress({ stage: "reading sources", done: 1, total: 1 });
  const games = mergeAll(sources, log);
  const rows = buildRows(sources, games, log);

  // Three connections: the link tables load side by side once their games exist.
  const pool = guardPool(new pg.Pool({ connectionString: options.databaseUrl, max: 3, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }), "ingest pool");
  try {
    const run = await pool.query<{ id: number }>("INSERT INTO ingest_runs (report) VALUES ('{}') RETURNING id");
    const write = (name: string, spec: UpsertSpec, data: unknown[][]) => writeTable(pool, spec, data, name, progress);
    const written: IngestReport["written"] = {};
    written.tags = await write("tags", TAGS, rows.tags);
    written.games = await write("games", GAMES, rows.games);
    [written.gameTags, written.snapshots, written.reviews] = await Promise.all([
      write("game tags", GAME_TAGS, await withoutNewerTags(pool, rows.gameTags)),
      write("snapshots", SNAPSHOTS, rows.snapshots),
      write("reviews", REVIEWS, rows.reviews),
    ]);
    await refreshTagCounts(pool);
    await refreshGameTagIds(pool);
    await refreshCompanyNames(async (text, values) => (await pool.query(text, values)).rows);
    // A freshly loaded table has no statistics: without them the planner misjudges tag filters by 20x.
    // VACUUM too: until the visibility map is set, a cohort's membership test cannot use index-only scans.
    await pool.query("VACUUM ANALYZE games, game_tags, tagged_games, tags, snapshots, reviews, company_names");
    // Aggregates, cohorts and comparisons read this per-game table (migration 0009).
    await withClient(pool, (client) => refreshGameMetrics((text, values) => client.query(text, values)));

    const report: IngestReport = {
      sources: log.sources,
      written,
      unknownTagNames: log.unknownTagNames,
      coverage: countBy(games, (g) => g.coverage),
      reviewLabelAgreement: reviewLabelAgreement(sources.reviewStats2021),
      durationMs: Date.now() - started,
    };
    await pool.query("UPDATE ingest_runs SET finished_at = now(), report = $2::jsonb WHERE id = $1", [run.rows[0].id, JSON.stringify(report)]);
    return report;
  } finally {
    await pool.end();
  }
}

/** Reading the sources takes a while: an unreachable database is reported before, not after. */
async function checkReachable(databaseUrl: string) {
  const client = guardClient(new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }), "ingest");
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function withClient<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await run(client);
  } finally {
    client.release();
  }
}

function writeTable(pool: pg.Pool, spec: UpsertSpec, rows: unknown[][], stage: string, progress: Progress) {
  return withClient(pool, (client) => upsertRows(client, spec, rows, (done) => progress({ stage, done, total: rows.length })));
}

function readSources(dataDir: string, log: IngestLog) {
  const spy = readSteamSpySnapshots(dataDir, log);
  const details = readAppDetails(dataDir, log);
  const store2019 = readStore2019(dataDir, log);
  const search2023 = readStoreSearch2023(dataDir, log);
  const reviewStats2021 = readReviewStats2021(dataDir, log);
  const reviews = readReviewDumps(dataDir, log);
  const tags = readTagList(dataDir, log);
  const appIds = new Set<number>([...spy.flatMap((s) => [...s.records.keys()]), ...details.keys(), ...store2019.keys(), ...search2023.keys()]);
  return { spy, details, store2019, search2023, reviewStats2021, reviews, tags, appIds };
}

type Sources = ReturnType<typeof readSources>;

/** One merged row per appid that some source names; an app no source names is reported, not stored. */
function mergeAll(sources: Sources, log: IngestLog): MergedGame[] {
  const withTexts = new Set(sources.reviews.map((r) => r.appId));
  const matchTag = tagMatcher(sources.tags);
  const isKnownTag = (name: string) => matchTag(name) !== undefined;
  const games: MergedGame[] = [];
  for (const appId of [...sources.appIds].sort((a, b) => a - b)) {
    const game = mergeGame(appId, {
      spy: sources.spy.flatMap((s) => {
        const record = s.records.get(appId);
        return record ? [{ tag: { source: s.source, observedAt: s.observedOn }, record }] : [];
      }),
      details: sources.details.get(appId),
      store2019: sources.store2019.get(appId),
      search2023: sources.search2023.get(appId),
      reviewStats2021: sources.reviewStats2021.get(appId),
      hasReviewTexts: withTexts.has(appId),
      isKnownTag,
    });
    if (game) games.push(game);
    else log.malformed("merge", String(appId), "no source gives a name");
  }
  return games;
}

function buildRows(sources: Sources, games: MergedGame[], log: IngestLog) {
  const stored = new Set(games.map((g) => g.appId));
  for (const game of games) {
    for (const source of new Set(Object.values(game.sources).map((s) => s.source))) {
      if (!source.startsWith("steamspy-") && source !== SOURCES.reviewStats2021.source) log.written(source);
    }
  }
  const reviews = sources.reviews.filter((r) => stored.has(r.appId)).map(reviewRow);
  log.written("steam-appreviews", reviews.length);
  log.skipped("steam-appreviews", "app not named by any source", sources.reviews.length - reviews.length);
  const tags = tagRows(sources.tags);
  log.written("steam-tags", tags.length);
  return { tags, games: games.map(gameRow), gameTags: gameTagRows(games, sources.tags, log), snapshots: snapshotRows(sources, stored, log), reviews };
}

/** Unique slugs: a name that slugifies like an earlier one (by id) gets its id appended. */
function tagRows(tags: { id: number; name: string }[]): unknown[][] {
  const taken = new Set<string>();
  return [...tags]
    .sort((a, b) => a.id - b.id)
    .map((tag) => {
      let slug = slugify(tag.name) || `tag-${tag.id}`;
      if (taken.has(slug)) slug = `${slug}-${tag.id}`;
      taken.add(slug);
      return [tag.id, tag.name, slug, 0];
    });
}

/** One snapshot per game, source and day; counts for an app no source names have no game to hang on. */
function snapshotRows(sources: Sources, stored: Set<number>, log: IngestLog): unknown[][] {
  const rows: unknown[][] = [];
  const add = (source: string, row: unknown[]) => {
    if (stored.has(row[0] as number)) {
      rows.push(row);
      log.written(source);
    } else log.skipped(source, "app not named by any source");
  };
  for (const snapshot of sources.spy) {
    for (const r of snapshot.records.values()) {
      add(snapshot.source, [r.appId, snapshot.source, snapshot.observedOn, r.positive, r.negative, r.ownersLow, r.ownersHigh, r.ccu, r.priceCents, r.initialPriceCents, r.discountPercent]);
    }
  }
  const { source, observedAt } = SOURCES.reviewStats2021;
  for (const [appId, stats] of sources.reviewStats2021) {
    add(source, [appId, source, observedAt, stats.positive, stats.negative, null, null, null, null, null, null]);
  }
  return rows;
}

function reviewLabelAgreement(stats: Sources["reviewStats2021"]): ReviewLabelAgreement {
  const result: ReviewLabelAgreement = { compared: 0, agreed: 0, rate: null, disagreements: [] };
  for (const [appId, s] of stats) {
    if (s.steamLabel === undefined) continue;
    const ours = steamReviewLabel(s.positive, s.negative);
    result.compared++;
    if (ours.label === s.steamLabel && (s.steamScore === undefined || ours.score === s.steamScore)) result.agreed++;
    else if (result.disagreements.length < 5) result.disagreements.push({ appId, positive: s.positive, negative: s.negative, steam: s.steamLabel, ours: ours.label });
  }
  result.rate = result.compared > 0 ? result.agreed / result.compared : null;
  return result;
}

/**
 * A game whose tags the sync observed later than these files keeps them: its rows from the files are dropped
 * (games' own upsert kept the newer tags family, so the stored tags source differs from the row's).
 */
async function withoutNewerTags(pool: pg.Pool, rows: unknown[][]): Promise<unknown[][]> {
  const { rows: synced } = await pool.query<{ app_id: number; source: string }>(
    "SELECT app_id, sources -> 'tags' ->> 'source' AS source FROM games WHERE sources -> 'tags' ->> 'source' = ANY($1)",
    [SYNC_TAG_SOURCES],
  );
  if (synced.length === 0) return rows;
  const kept = new Map(synced.map((r) => [r.app_id, r.source]));
  return rows.filter((row) => kept.get(row[0] as number) === undefined || kept.get(row[0] as number) === row[3]);
}

/** Tag sources only the sync writes (lib/sync): files never replace them. */
const SYNC_TAG_SOURCES = ["steamspy"];


function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
