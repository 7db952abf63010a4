import { Prisma } from "../db/generated/client";
import { getPrisma } from "../db/prisma-client";
import { likePattern, titleCondition } from "./game-filters";
import { NORMALIZED_NAME, normalizeTitle, relevancePageIds, titleRelevanceOrder } from "./title-relevance";

export type TitleMatch = "exact" | "prefix" | "substring" | "similar";

export interface TitleCandidate {
  appId: number;
  name: string;
  match: TitleMatch;
  score: number;
  releaseYear: number | null;
  reviewsTotal: number | null;
}

interface CandidateRow {
  app_id: number;
  name: string;
  match: TitleMatch;
  score: number;
  release_year: number | null;
  reviews_total: number | null;
}

/**
 * Title to app ids: the same matching and ranking as `GET /games?q=` (one search, not two), with how
 * each candidate matched and pg_trgm's word similarity of the query to its title. Those two are computed
 * for the page only: the inner query ranks the candidates by id (see searchGames).
 */
export async function resolveTitle(q: string, limit: number, offset: number): Promise<{ items: TitleCandidate[]; total: number }> {
  const where = titleCondition(q);
  const words = normalizeTitle(q);
  const prisma = getPrisma();
  const [rows, counted] = await Promise.all([
    prisma.$queryRaw<CandidateRow[]>`
      SELECT g.app_id, g.name, g.release_year, g.reviews_total,
        CASE WHEN ${NORMALIZED_NAME} = ${words} THEN 'exact'
             WHEN ${NORMALIZED_NAME} LIKE ${`${words}%`} THEN 'prefix'
             WHEN lower(g.name) LIKE ${likePattern(q)} THEN 'substring'
             ELSE 'similar' END AS match,
        word_similarity(${q.toLowerCase()}, lower(g.name))::float8 AS score
      FROM (${relevancePageIds(q, Prisma.sql`WHERE ${where}`, limit, offset)}) page
      JOIN games g ON g.app_id = page.app_id
      ORDER BY ${titleRelevanceOrder(q)}`,
    prisma.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM games g WHERE ${where}`,
  ]);
  return {
    items: rows.map((row) => ({
      appId: row.app_id,
      name: row.name,
      match: row.match,
      score: Math.round(row.score * 1000) / 1000,
      releaseYear: row.release_year,
      reviewsTotal: row.reviews_total,
    })),
    total: counted[0]?.total ?? 0,
  };
}

