import { resolve } from "node:path";
import pg from "pg";
import { slugify } from "../slugify";
import { IngestLog, type IngestReport } from "./ingest-log";
import { mergeGame, type MergedGame } from "./merge-game";
import { readReviewDumps } from "./read-reviews";
import { readSteamSpySnapshots } from "./read-steamspy";
import { readAppDetails, readReviewStats2021, readStore2019, readStoreSearch2023, readTagList } from "./read-store";
import { gameRow, GAMES, GAME_TAGS, REVIEWS, reviewRow, SNAPSHOTS, TAGS } from "./table-specs";
import { upsertRows } from "./upsert-rows";

export type { IngestReport } from "./ingest-log";

export interface IngestOptions {
  databaseUrl: string;
  dataDir?: string;
  onProgress?: (p: { stage: string; done: number; total: number }) => void;
}

/** The 2021 review statistics carry a year, not a day: stored on the year's first day. */
const REVIEW_STATS_2021_DAY = "2021-01-01";

/** Reads every real source as published, merges per appid, and upserts; a re-run changes nothing. */
export async function runIngest(options: IngestOptions): Promise<IngestReport> {
  const started = Date.now();
  const dataDir = resolve(options.dataDir ?? "prisma/data");
  const progress = options.onProgress ?? (() => undefined);
  const log = new IngestLog();
  progress({ stage: "reading sources", done: 0, total: 1 });
  const sources = readSources(dataDir, log);
  progress({ stage: "reading sources", done: 1, total: 1 });
  const games = mergeAll(sources);

  const client = new pg.Client({ connectionString: options.databaseUrl });
  await client.connect();
  try {
    const run = await client.query<{ id: number }>("INSERT INTO ingest_runs (report) VALUES ('{}') RETURNING id");
    const written: IngestReport["written"] = {};
    const stage = (name: string, total: number) => (done: number) => progress({ stage: name, done, total });

    written.tags = await upsertRows(client, TAGS, tagRows(sources.tags), stage("tags", sources.tags.length));
    written.games = await upsertRows(client, GAMES, games.map(gameRow), stage("games", games.length));
    const tagLinks = gameTagRows(games, sources.tags, log);
    written.gameTags = await upsertRows(client, GAME_TAGS, tagLinks, stage("game tags", tagLinks.length));
    const snapshots = snapshotRows(sources, new Set(games.map((g) => g.appId)));
    written.snapshots = await upsertRows(client, SNAPSHOTS, snapshots, stage("snapshots", snapshots.length));
    const reviews = sources.reviews.filter((r) => sources.gameIds.has(r.appId)).map(reviewRow);
    written.reviews = await upsertRows(client, REVIEWS, reviews, stage("reviews", reviews.length));
    await refreshTagCounts(client);
    // A freshly loaded table has no statistics: without them the planner misjudges tag filters by 20x.
    await client.query("ANALYZE games, game_tags, tags, snapshots");

    const report: IngestReport = {
      sources: log.sources,
      written,
      unknownTagNames: log.unknownTagNames,
      coverage: countBy(games, (g) => g.coverage),
      durationMs: Date.now() - started,
    };
    await client.query("UPDATE ingest_runs SET finished_at = now(), report = $2::jsonb WHERE id = $1", [run.rows[0].id, JSON.stringify(report)]);
    return report;
  } finally {
    await client.end();
  }
}

function readSources(dataDir: string, log: IngestLog) {
  const spy = readSteamSpySnapshots(dataDir, log);
  const details = readAppDetails(dataDir, log);
  const store2019 = readStore2019(dataDir, log);
  const search2023 = readStoreSearch2023(dataDir, log);
  const reviewStats2021 = readReviewStats2021(dataDir, log);
  const reviews = readReviewDumps(dataDir, log);
  const tags = readTagList(dataDir, log);
  const gameIds = new Set<number>([...spy.flatMap((s) => [...s.records.keys()]), ...details.keys(), ...store2019.keys(), ...search2023.keys()]);
  return { spy, details, store2019, search2023, reviewStats2021, reviews, tags, gameIds };
}

type Sources = ReturnType<typeof readSources>;

function mergeAll(sources: Sources): MergedGame[] {
  const withTexts = new Set(sources.reviews.map((r) => r.appId));
  const games: MergedGame[] = [];
  for (const appId of [...sources.gameIds].sort((a, b) => a - b)) {
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
    });
    if (game) games.push(game);
  }
  return games;
}

/** Unique slugs: a name that slugifies like an earlier one gets its id appended. */
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

function gameTagRows(games: MergedGame[], tags: { id: number; name: string }[], log: IngestLog): unknown[][] {
  const byName = new Map(tags.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const rows: unknown[][] = [];
  for (const game of games) {
    const seen = new Set<number>();
    let rank = 0;
    for (const name of game.tagNames) {
      const id = byName.get(name.toLowerCase());
      if (id === undefined) {
        log.unknownTag(name);
        continue;
      }
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push([game.appId, id, ++rank, game.sources.tags.source]);
    }
  }
  return rows;
}

function snapshotRows(sources: Sources, known: Set<number>): unknown[][] {
  const rows: unknown[][] = [];
  for (const snapshot of sources.spy) {
    for (const r of snapshot.records.values()) {
      rows.push([r.appId, snapshot.source, snapshot.observedOn, r.positive, r.negative, r.ownersLow, r.ownersHigh, r.ccu, r.priceCents]);
    }
  }
  for (const [appId, stats] of sources.reviewStats2021) {
    if (known.has(appId)) rows.push([appId, "steam-review-stats-2021", REVIEW_STATS_2021_DAY, stats.positive, stats.negative, null, null, null, null]);
  }
  return rows;
}

async function refreshTagCounts(client: pg.Client) {
  await client.query(`UPDATE tags t SET game_count = c.n
    FROM (SELECT tags.id, count(gt.app_id)::int AS n FROM tags LEFT JOIN game_tags gt ON gt.tag_id = tags.id GROUP BY tags.id) c
    WHERE t.id = c.id AND t.game_count <> c.n`);
}

function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
