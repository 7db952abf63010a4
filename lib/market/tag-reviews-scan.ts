import { Prisma } from "../db/generated/client";
import type { ResolvedGameFilter } from "./game-filters";

/**
 * GET /games filtered by tags (and excluded tags) and at most a review range, read from game_tag_reviews
 * (migration 0025): one row per game and tag with the game's review total, indexed per tag in both review
 * orders. The rarest tag's index range is the candidate set, in list order; the other tags and the excluded
 * ones are primary-key probes of the same narrow table. The page is the range's first entries and `total`
 * counts the range, both from the index alone, where the games table would be walked in review order and
 * most rows discarded (docs/benchmarks.md "Lists").
 */
export type TagReviewsFilter = ResolvedGameFilter & { rarestTagId: number };

export function readsTagReviews(filter: ResolvedGameFilter): filter is TagReviewsFilter {
  return filter.rarestTagId !== undefined && filter.conditionsBeyondReviews === 0;
}

/** The page's app ids, most reviewed first (or least, `descending` false), NULLs last, app id breaking ties. */
export function tagReviewsPage(filter: TagReviewsFilter, descending: boolean, limit: number, offset: number): Prisma.Sql {
  const direction = Prisma.raw(descending ? "DESC" : "ASC");
  return Prisma.sql`SELECT t.app_id ${tagReviewsRange(filter)}
    ORDER BY t.reviews_total ${direction} NULLS LAST, t.app_id LIMIT ${limit} OFFSET ${offset}`;
}

export function tagReviewsCount(filter: TagReviewsFilter): Prisma.Sql {
  return Prisma.sql`SELECT count(*)::int AS total ${tagReviewsRange(filter)}`;
}

function tagReviewsRange(filter: TagReviewsFilter): Prisma.Sql {
  const conditions = [Prisma.sql`t.tag_id = ${filter.rarestTagId}`];
  if (filter.reviewsMin !== undefined) conditions.push(Prisma.sql`t.reviews_total >= ${filter.reviewsMin}`);
  if (filter.reviewsMax !== undefined) conditions.push(Prisma.sql`t.reviews_total <= ${filter.reviewsMax}`);
  for (const tagId of filter.tagIds) {
    if (tagId === filter.rarestTagId) continue;
    conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM game_tag_reviews o WHERE o.app_id = t.app_id AND o.tag_id = ${tagId})`);
  }
  if (filter.excludedTagIds.length) {
    conditions.push(Prisma.sql`NOT EXISTS (SELECT 1 FROM game_tag_reviews o WHERE o.app_id = t.app_id AND o.tag_id = ANY(${filter.excludedTagIds}::int[]))`);
  }
  return Prisma.sql`FROM game_tag_reviews t WHERE ${Prisma.join(conditions, " AND ")}`;
}
