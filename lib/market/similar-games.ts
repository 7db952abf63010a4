import { Prisma } from "../db/generated/client";
import { getPrisma } from "../db/prisma-client";

/** A tag's weight in one game: 1 / its store rank (rank 1 weighs 1, rank 2 weighs 0.5, ...). */
export const tagWeight = (rank: number) => 1 / rank;

export interface SharedTag {
  slug: string;
  name: string;
  rank: number;
  peerRank: number;
}

export interface SimilarGame {
  appId: number;
  name: string;
  score: number;
  sharedTags: SharedTag[];
  peerTagCount: number;
  peerTagsSource: string | null;
  releaseYear: number | null;
  reviewsTotal: number | null;
}

export interface SimilarityBasis {
  tags: { slug: string; name: string; rank: number; weight: number }[];
  tagsSource: string | null;
}

interface PeerRow {
  app_id: number;
  name: string;
  score: number;
  total: number;
  peer_tag_count: number;
  peer_tags_source: string | null;
  release_year: number | null;
  reviews_total: number | null;
  shared: SharedTag[];
}

/** The game's own tags in store order and where they come from: what every similarity is measured against. */
export async function similarityBasis(appId: number): Promise<SimilarityBasis> {
  const rows = await getPrisma().$queryRaw<{ slug: string; name: string; rank: number; source: string | null }[]>`
    SELECT t.slug, t.name, gt.rank, g.sources->'tags'->>'source' AS source
    FROM game_tags gt JOIN tags t ON t.id = gt.tag_id JOIN games g ON g.app_id = gt.app_id
    WHERE gt.app_id = ${appId} ORDER BY gt.rank`;
  return {
    tags: rows.map((row) => ({ slug: row.slug, name: row.name, rank: row.rank, weight: round(tagWeight(row.rank)) })),
    tagsSource: rows[0]?.source ?? null,
  };
}

/**
 * Nearest games by weighted Jaccard over tags, each tag weighted 1/rank in each game:
 * sum over shared tags of min(wA, wB) / (sum wA + sum wB - that sum). 1 = same tags in the same order.
 */
export async function similarGames(
  appId: number,
  options: { limit: number; offset: number; reviewsMin?: number },
): Promise<{ items: SimilarGame[]; total: number }> {
  const reviewsFilter = options.reviewsMin === undefined ? Prisma.empty : Prisma.sql`AND g.reviews_total >= ${options.reviewsMin}`;
  const rows = await getPrisma().$queryRaw<PeerRow[]>`
    WITH me AS (SELECT tag_id, rank FROM game_tags WHERE app_id = ${appId}),
    my_total AS (SELECT sum(1.0::float8 / rank) AS w FROM me),
    shared AS (
      SELECT gt.app_id, sum(least(1.0::float8 / me.rank, 1.0::float8 / gt.rank)) AS inter
      FROM game_tags gt JOIN me ON me.tag_id = gt.tag_id
      WHERE gt.app_id <> ${appId} GROUP BY gt.app_id),
    peer_total AS (
      SELECT gt.app_id, sum(1.0::float8 / gt.rank) AS w, count(*)::int AS n
      FROM game_tags gt WHERE gt.app_id IN (SELECT app_id FROM shared) GROUP BY gt.app_id),
    scored AS (
      SELECT s.app_id, s.inter / (m.w + p.w - s.inter) AS score, p.n, count(*) OVER ()::int AS total
      FROM shared s JOIN peer_total p ON p.app_id = s.app_id CROSS JOIN my_total m
      JOIN games g ON g.app_id = s.app_id
      WHERE true ${reviewsFilter})
    SELECT g.app_id, g.name, sc.score, sc.total, sc.n AS peer_tag_count, g.sources->'tags'->>'source' AS peer_tags_source,
      g.release_year, g.reviews_total,
      (SELECT json_agg(json_build_object('slug', t.slug, 'name', t.name, 'rank', me.rank, 'peerRank', gt.rank) ORDER BY me.rank)
         FROM game_tags gt JOIN me ON me.tag_id = gt.tag_id JOIN tags t ON t.id = gt.tag_id
         WHERE gt.app_id = g.app_id) AS shared
    FROM scored sc JOIN games g ON g.app_id = sc.app_id
    ORDER BY sc.score DESC, g.reviews_total DESC NULLS LAST, g.app_id
    LIMIT ${options.limit} OFFSET ${options.offset}`;
  return {
    items: rows.map((row) => ({
      appId: row.app_id,
      name: row.name,
      score: round(row.score),
      sharedTags: row.shared,
      peerTagCount: row.peer_tag_count,
      peerTagsSource: row.peer_tags_source,
      releaseYear: row.release_year,
      reviewsTotal: row.reviews_total,
    })),
    total: rows[0]?.total ?? (options.offset > 0 ? await countPeers(appId, options.reviewsMin) : 0),
  };
}

async function countPeers(appId: number, reviewsMin?: number): Promise<number> {
  const reviewsFilter = reviewsMin === undefined ? Prisma.empty : Prisma.sql`AND g.reviews_total >= ${reviewsMin}`;
  const rows = await getPrisma().$queryRaw<{ total: number }[]>`
    SELECT count(DISTINCT gt.app_id)::int AS total FROM game_tags gt JOIN games g ON g.app_id = gt.app_id
    WHERE gt.tag_id IN (SELECT tag_id FROM game_tags WHERE app_id = ${appId}) AND gt.app_id <> ${appId} ${reviewsFilter}`;
  return rows[0]?.total ?? 0;
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
