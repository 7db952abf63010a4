// A synthetic catalog for scale tests only, never the default data: N games (default 1,000,000) with
// realistic shapes, written into a separate database (ludex_synthetic_<N> unless --database-url names one).
//
//   npx tsx tests/bench/synthetic-catalog.ts [--games 1000000] [--database-url postgres://.../db] [--drop]
//
// Shapes, roughly those of the real catalog: reviews heavy-tailed (log-normal, median ~25, a few games in
// the millions), rating a beta-like share, 0 reviews for ~1%; USD prices on common price points (~12% free);
// CCU and SteamSpy-style owners ranges that follow reviews; release years 2006-2024 growing towards recent
// years; user tags for 40% of games, 3 to 7 each, drawn from the real Steam tag list (prisma/data/tags) with
// a popularity skew and stored in rank order. Every row's `sources` says `synthetic`; an ingest_runs row
// marks the database as loaded so the launcher does not ingest the real data on top.
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { refreshGameMetrics } from "../../lib/market/aggregates/refresh-metrics";
import { IngestLog } from "../../lib/market/ingest/ingest-log";
import { readTagList } from "../../lib/market/ingest/read-store";
import { slugify } from "../../lib/market/slugify";
import { DEFAULT_SERVER_URL } from "./bench-database";

const SOURCE = `{"source": "synthetic", "observedAt": "2025-01-01"}`;

export async function createSyntheticCatalog(databaseUrl: string, games: number, log = (line: string) => console.error(line)) {
  await migrateDatabase(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT count(*)::int AS n FROM games");
    if (rows[0].n > 0) throw new Error(`${databaseUrl} already holds ${rows[0].n} games: the synthetic catalog needs an empty database`);
    const started = Date.now();
    await insertTags(client);
    await client.query("SELECT setseed(0.42)");
    await insertGames(client, games);
    log(`[synthetic] ${games.toLocaleString("en-US")} games in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await insertGameTags(client);
    log(`[synthetic] game tags done at ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await client.query(`UPDATE tags t SET game_count = c.n FROM (SELECT tag_id, count(*)::int AS n FROM game_tags GROUP BY 1) c WHERE c.tag_id = t.id`);
    await client.query("ANALYZE games, game_tags, tags");
    await refreshGameMetrics((text, values) => client.query(text, values));
    await client.query(`INSERT INTO ingest_runs (finished_at, report) VALUES (now(), $1::jsonb)`, [JSON.stringify({ synthetic: { games } })]);
    log(`[synthetic] ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
  }
}

async function insertTags(client: pg.Client) {
  const taken = new Set<string>();
  const tags = readTagList("prisma/data", new IngestLog()).sort((a, b) => a.id - b.id);
  for (const tag of tags) {
    let slug = slugify(tag.name) || `tag-${tag.id}`;
    if (taken.has(slug)) slug = `${slug}-${tag.id}`;
    taken.add(slug);
    await client.query("INSERT INTO tags (id, name, slug, game_count) VALUES ($1, $2, $3, 0)", [tag.id, tag.name, slug]);
  }
}

async function insertGames(client: pg.Client, games: number) {
  // Box-Muller normals drive the heavy tails; one statement, generated server-side.
  await client.query(
    `INSERT INTO games (app_id, name, slug, developers, publishers, release_date, release_precision, release_year,
       price_cents, initial_price_cents, currency, discount_percent, is_free, platforms, genres, categories,
       reviews_positive, reviews_negative, reviews_total, rating, ccu, owners_low, owners_high, coverage, sources)
     SELECT id, 'Synthetic game ' || id, 'synthetic-game-' || id, ARRAY['Studio ' || (id % 5000)], ARRAY['Publisher ' || (id % 3000)],
       CASE WHEN dated THEN make_date(year, 1, 1) + (random() * 364)::int END, CASE WHEN dated THEN 'day' ELSE 'unknown' END,
       CASE WHEN dated THEN year END,
       price, price, 'USD', 0, price = 0, ARRAY['windows'] || CASE WHEN random() < 0.25 THEN ARRAY['mac'] ELSE '{}' END,
       CASE WHEN dated THEN ARRAY[(ARRAY['Indie','Action','Adventure','Casual','Strategy','Simulation','RPG'])[1 + (random() * 6)::int]] ELSE '{}' END, '{}',
       round(reviews * share)::int, reviews - round(reviews * share)::int, reviews,
       CASE WHEN reviews > 0 THEN round(reviews * share)::float8 / reviews END,
       floor(reviews * random() * 0.05)::int,
       owners_low, CASE WHEN owners_low < 20000 THEN 20000 WHEN owners_low < 50000 THEN 50000 WHEN owners_low < 100000 THEN 100000
                        WHEN owners_low < 200000 THEN 200000 WHEN owners_low < 500000 THEN 500000 WHEN owners_low < 1000000 THEN 1000000
                        WHEN owners_low < 2000000 THEN 2000000 ELSE owners_low * 2 END,
       CASE WHEN dated THEN 'partial' ELSE 'basic' END,
       jsonb_build_object('catalog', '${SOURCE}'::jsonb, 'reviews', '${SOURCE}'::jsonb, 'price', '${SOURCE}'::jsonb, 'ccu', '${SOURCE}'::jsonb, 'owners', '${SOURCE}'::jsonb)
     FROM (
       SELECT id, dated, year, price, share, reviews,
         (SELECT coalesce(max(b), 0) FROM unnest(ARRAY[20000, 50000, 100000, 200000, 500000, 1000000, 2000000, 5000000, 10000000, 20000000, 50000000, 100000000]) AS b
           WHERE b <= reviews * 200 * (0.5 + random())) AS owners_low
       FROM (
         SELECT id, random() < 0.4 AS dated,
           2024 - floor(18 * power(random(), 1.8))::int AS year,
           (ARRAY[0, 0, 99, 199, 299, 499, 499, 999, 999, 1499, 1999, 2999, 5999])[1 + floor(random() * 13)::int] AS price,
           least(1.0, greatest(0.0, 0.78 + 0.16 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))) AS share,
           CASE WHEN random() < 0.01 THEN 0 ELSE least(9000000, floor(exp(3.2 + 2.1 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random()))))::int END AS reviews
         FROM generate_series(1, $1::int) AS id
       ) base
     ) shaped`,
    [games],
  );
}

async function insertGameTags(client: pg.Client) {
  // 3 to 7 draws per dated game, popular tags (low positions) more often; duplicates merge; rank in draw order.
  await client.query(
    `WITH ids AS (SELECT array_agg(id ORDER BY id) AS a, count(*)::int AS n FROM tags)
     INSERT INTO game_tags (app_id, tag_id, rank, source)
     SELECT app_id, tag_id, row_number() OVER (PARTITION BY app_id ORDER BY first_draw)::int, 'synthetic'
     FROM (
       SELECT g.app_id, ids.a[1 + floor(ids.n * power(random(), 2.5))::int] AS tag_id, min(d.draw) AS first_draw
       FROM games g CROSS JOIN ids CROSS JOIN LATERAL generate_series(1, 3 + (g.app_id % 5)) AS d(draw)
       WHERE g.release_year IS NOT NULL
       GROUP BY 1, 2
     ) drawn`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values } = parseArgs({ options: { games: { type: "string", default: "1000000" }, "database-url": { type: "string" }, drop: { type: "boolean" } } });
  const games = Number(values.games);
  let url = values["database-url"];
  if (!url) {
    const name = `ludex_synthetic_${games}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL || DEFAULT_SERVER_URL });
    await admin.connect();
    if (values.drop) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(process.env.DATABASE_URL || DEFAULT_SERVER_URL);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
  }
  await createSyntheticCatalog(url, games);
  console.log(url);
}
