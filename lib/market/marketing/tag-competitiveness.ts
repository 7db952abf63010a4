import { getPrisma } from "../../db/prisma-client";
import type { GameSummary } from "../game-schema";
import { round } from "./cohort";

/** A hit: at least this many total Steam reviews. */
export const HIT_REVIEWS = 1_000;

interface TagRow {
  tag_id: number;
  games: number;
  reviewed: number;
  median: number | null;
  hits: number;
}

/** Per tag the game carries: how crowded it is and how often its games reach HIT_REVIEWS reviews. */
export async function tagCompetitiveness(game: GameSummary) {
  const tags = game.tags ?? [];
  if (tags.length === 0) return [];
  const rows = await getPrisma().$queryRaw<TagRow[]>`
    SELECT gt.tag_id, count(*)::int AS games, count(g.reviews_total)::int AS reviewed,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY g.reviews_total) AS median,
      count(*) FILTER (WHERE g.reviews_total >= ${HIT_REVIEWS})::int AS hits
    FROM game_tags gt JOIN games g ON g.app_id = gt.app_id
    WHERE gt.tag_id = ANY(${tags.map((t) => t.id)}::int[]) GROUP BY gt.tag_id`;
  return tags.map((tag) => {
    const row = rows.find((r) => r.tag_id === tag.id);
    return {
      slug: tag.slug,
      name: tag.name,
      rank: tag.rank,
      games: row?.games ?? 0,
      gamesWithReviews: row?.reviewed ?? 0,
      medianReviews: row?.median ?? null,
      hits: row?.hits ?? 0,
      hitShare: row && row.reviewed ? round(row.hits / row.reviewed) : null,
    };
  });
}
