import { Prisma } from "../db/generated/client";

/**
 * Title search order (GET /games?q=, GET /games/resolve): the exact title, then titles starting with the
 * words, then closeness (pg_trgm word similarity to one decimal), then popularity; app id breaks ties.
 */
export function titleRelevanceOrder(q: string): Prisma.Sql {
  const words = normalizeTitle(q);
  return Prisma.sql`(${NORMALIZED_NAME} = ${words}) DESC, (${NORMALIZED_NAME} LIKE ${`${words}%`}) DESC,
      ${closeness(q)} DESC, g.reviews_total DESC NULLS LAST, g.app_id`;
}

/** A title lower-cased with runs of anything but letters and digits turned into one space (migration 0027). */
export const NORMALIZED_NAME = Prisma.sql`g.name_key`;

export function normalizeTitle(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim().replace(/[\\%_]/g, "");
}

function closeness(q: string): Prisma.Sql {
  return Prisma.sql`round(word_similarity(${q.toLowerCase()}, lower(g.name))::numeric, 1)`;
}

/** Titles starting with the words, most reviewed first, that a page may look through before ranking them all. */
const PREFIX_WALK = 2000;

/**
 * One page of app ids in title relevance order, for the candidates `where` selects (it holds the title
 * condition). Ranking every candidate computes the word similarity of each: `q=the` has 11,738 candidates
 * for a page of 25 (62 ms). The first pages of a common word lie among the best-ranked titles: the exact
 * ones (an index lookup on the normalised title, migration 0029), then those starting with the words whose
 * closeness rounds to 1, the most reviewed first. Those are found by walking the titles that start with
 * the words in review order and testing each until the page is full (q=the tests 26, 2 ms). When the walk
 * cannot fill the page (a deep page, a rare prefix, or closeness below 1 among the prefixed titles), every
 * candidate is ranked as before; a gate on the walk's row count picks the branch, so this stays one
 * statement, and both branches give the same order.
 */
export function relevancePageIds(q: string, where: Prisma.Sql, limit: number, offset: number): Prisma.Sql {
  const words = normalizeTitle(q);
  const order = titleRelevanceOrder(q);
  const ranked = Prisma.sql`SELECT g.app_id FROM games g ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  if (!words) return ranked;
  const needed = limit + offset;
  return Prisma.sql`WITH best AS MATERIALIZED (
      (SELECT g.app_id, g.name, g.name_key, g.reviews_total FROM games g ${where} AND g.name_key = ${words})
      UNION ALL
      (SELECT g.app_id, g.name, g.name_key, g.reviews_total
        FROM (SELECT app_id, reviews_total FROM games
              WHERE name_key LIKE ${`${words}%`} AND name_key <> ${words}
              ORDER BY reviews_total DESC NULLS LAST, app_id LIMIT ${PREFIX_WALK}) walk
        CROSS JOIN LATERAL (SELECT g.app_id, g.name, g.name_key, g.reviews_total FROM games g
              ${where} AND g.app_id = walk.app_id AND ${closeness(q)} = 1 OFFSET 0) g
        ORDER BY walk.reviews_total DESC NULLS LAST, walk.app_id LIMIT ${needed}))
    SELECT app_id FROM (SELECT g.app_id FROM best g ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) tiers
      WHERE (SELECT count(*) FROM best) >= ${needed}
    UNION ALL
    SELECT app_id FROM (${ranked}) every_candidate
      WHERE (SELECT count(*) FROM best) < ${needed}`;
}
