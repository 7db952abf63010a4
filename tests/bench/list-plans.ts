// npm run bench:lists: GET /games's statements (page and total) for the bench's filters and sorts, timed on a
// real PostgreSQL with the list indexes of migrations 0020 and 0024 and, in the same run, with them dropped inside
// a transaction that is rolled back (the statements as before them); and `total` as the API now counts it
// (lib/market/count-games.ts: maintained counts, complements, index-only counts). Writes docs/benchmarks.md.
import { loadavg } from "node:os";
import pg from "pg";
import { parseQuery } from "../../lib/api/query-params";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { getPrisma } from "../../lib/db/prisma-client";
import { countGames } from "../../lib/market/count-games";
import { listGames } from "../../lib/operations/list-games";
import { runIngest } from "../../lib/market/ingest/run-ingest";
import { createBenchDatabase, serverUrlFromEnv } from "./bench-database";
import { writeDocSections } from "./bench-support";

const RUNS = 9;
const ORDER = (column: string, direction: "ASC" | "DESC") => `ORDER BY ${column} ${direction} NULLS LAST, g.app_id LIMIT 25`;
const LIST_INDEXES = ["games_tag_ids_idx", "games_reviews_tags_cover_idx", "games_usd_price_idx",
  ...["reviews", "rating", "release", "ccu", "name"].flatMap((c) => [`games_order_${c}_desc_idx`, `games_order_${c}_asc_idx`])];

/** [case, WHERE as today (tag ids by slug: {tag:slug}), order] */
const CASES: [string, string, string][] = [
  ["tags=indie&reviewsMin=100&sort=-reviews", "g.tag_ids @> ARRAY[{tag:indie}] AND g.reviews_total >= 100", ORDER("g.reviews_total", "DESC")],
  ["tags=indie", "g.tag_ids @> ARRAY[{tag:indie}]", ORDER("g.reviews_total", "DESC")],
  ["tags=action,rpg", "g.tag_ids @> ARRAY[{tag:action},{tag:rpg}]", ORDER("g.reviews_total", "DESC")],
  ["tagsExclude=casual", "NOT (g.tag_ids && ARRAY[{tag:casual}])", ORDER("g.reviews_total", "DESC")],
  ["tagsExclude=casual,early-access", "NOT (g.tag_ids && ARRAY[{tag:casual},{tag:early-access}])", ORDER("g.reviews_total", "DESC")],
  ["genres=Strategy&sort=-rating", "g.genres @> ARRAY['Strategy']", ORDER("g.rating", "DESC")],
  ["releasedFrom=2020&sort=-releaseDate", "g.release_date >= '2020-01-01'", ORDER("g.release_date", "DESC")],
  ["priceMax=999&sort=-ccu", "(g.currency = 'USD' OR g.price_cents = 0) AND g.price_cents <= 999", ORDER("g.ccu", "DESC")],
  ["platforms=mac,linux&ratingMin=0.9", "g.platforms @> ARRAY['mac','linux'] AND g.rating >= 0.9", ORDER("g.reviews_total", "DESC")],
  ["(no filter)&sort=name", "TRUE", ORDER("lower(g.name)", "ASC")],
];

/** The same filter as the statements before migration 0020: one EXISTS over game_tags per tag. */
function beforeTagIds(where: string): string {
  return where
    .replace(/g\.tag_ids @> ARRAY\[([^\]]+)\]/g, (_, ids: string) =>
      ids.split(",").map((id) => `EXISTS (SELECT 1 FROM game_tags gt WHERE gt.app_id = g.app_id AND gt.tag_id = ${id})`).join(" AND "))
    .replace(/NOT \(g\.tag_ids && ARRAY\[([^\]]+)\]\)/g, (_, ids: string) =>
      `NOT EXISTS (SELECT 1 FROM game_tags gt WHERE gt.app_id = g.app_id AND gt.tag_id = ANY(ARRAY[${ids}]))`);
}

async function median(client: pg.Client, sql: string): Promise<number> {
  return medianOf(() => client.query(sql));
}

async function medianOf(run: () => Promise<unknown>): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = process.hrtime.bigint();
    await run();
    runs.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return runs.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

async function main() {
  const database = process.env.BENCH_LOADED_DATABASE_URL ? undefined : await createBenchDatabase(serverUrlFromEnv());
  const url = process.env.BENCH_LOADED_DATABASE_URL ?? database!.url;
  try {
    if (database) {
      await migrateDatabase(url);
      console.error("loading the real data into", database.name);
      await runIngest({ databaseUrl: url });
    }
    process.env.DATABASE_URL = url; // countGames's Prisma client (the API's own count path)
    const client = new pg.Client({ connectionString: url, options: "-c jit=off" });
    await client.connect();
    const tagIds = new Map((await client.query<{ slug: string; id: number }>("SELECT slug, id FROM tags")).rows.map((r) => [r.slug, r.id]));
    const withIds = (sql: string) => sql.replace(/\{tag:([a-z0-9-]+)\}/g, (_, slug: string) => String(tagIds.get(slug)));
    const rows: string[] = [];
    for (const [name, rawWhere, order] of CASES) {
      const where = withIds(rawWhere);
      const statements = (w: string) => [`SELECT g.app_id FROM games g WHERE ${w} ${order}`, `SELECT count(*) FROM games g WHERE ${w}`];
      await client.query("BEGIN");
      for (const index of LIST_INDEXES) await client.query(`DROP INDEX ${index}`);
      const before = [];
      for (const sql of statements(beforeTagIds(where))) before.push(await median(client, sql));
      await client.query("ROLLBACK");
      const after = [];
      for (const sql of statements(where)) after.push(await median(client, sql));
      const filters = parseQuery(listGames.query, new URLSearchParams(name.replace(/^\(no filter\)&?/, "")));
      await countGames(filters); // the tag catalog is read once per process
      const api = await medianOf(() => countGames(filters));
      rows.push(`| \`${name}\` | ${before[0].toFixed(1)} | ${after[0].toFixed(1)} | ${before[1].toFixed(1)} | ${after[1].toFixed(1)} | ${api.toFixed(1)} |`);
      console.log(rows.at(-1));
    }
    await client.end();
    await getPrisma().$disconnect();
    const load = loadavg().map((n) => n.toFixed(2)).join(", ");
    writeDocSections("docs/benchmarks.md", [["lists", [
      "## Lists: GET /games statements before and after migrations 0020 and 0024 (tag ids, order and covering indexes, counts)",
      "",
      `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average ${load}, real PostgreSQL, ${RUNS} runs each, median ms;`,
      "\"before\" is the same run with the migrations' indexes dropped in a rolled-back transaction and tags tested with EXISTS",
      "over game_tags, as before them. The page is the 25-row id query GET /games runs; total is its exact count:",
      "`count(*)` before and after, and as the API counts it now (`countGames`, lib/market/count-games.ts, through Prisma:",
      "game_counts for no filter and one tag, the catalog minus the excluded tags' union, else `count(*)`). A page that is",
      "not full gives its total without any count.",
      "",
      "| case | page before | page after | total before | count(*) after | total as the API counts it |",
      "|---|---:|---:|---:|---:|---:|",
      ...rows,
      "",
    ].join("\n")]]);
  } finally {
    await database?.drop();
  }
}

await main();
