import { queryRows } from "../db/query-rows";
import { Prisma } from "../db/generated/client";
import { resolveGameFilter, type GameFilterInput, type ResolvedGameFilter } from "./game-filters";
import { countsTaggedGames, taggedGamesFrom } from "./tagged-games";

/** Inclusion-exclusion over more excluded tags costs 2^n - n - 1 intersection counts: past 3, count rows. */
const MAX_EXCLUDED_FOR_COMPLEMENT = 3;
const CATALOG_KEY = 0;

/** How many games match the `GET /games` filters. */
export async function countGames(filters: GameFilterInput): Promise<number> {
  return countResolvedFilter(await resolveGameFilter(filters));
}

/**
 * Exact `total` of a resolved filter, by the cheapest exact means that reads no row it then discards
 * (docs/benchmarks.md "Lists"): no filter or one tag reads game_counts (migration 0024, kept by triggers on
 * games in the writing transaction); excluded tags are taken away by inclusion-exclusion, the catalog or
 * the tags' games minus the games that also carry excluded tags (their intersections from the tag GIN
 * index); one tag with other filters counts that tag's entries of tagged_games in the index whose key
 * holds the filter's range (index only); anything else is counted from the games indexes.
 */
export async function countResolvedFilter(filter: ResolvedGameFilter): Promise<number> {
  const { tagIds, excludedTagIds } = filter;
  const otherConditions = filter.otherSql.length;
  if (otherConditions === 0 && excludedTagIds.length === 0 && tagIds.length <= 1) {
    return (await maintainedCounts([tagIds[0] ?? CATALOG_KEY])).get(tagIds[0] ?? CATALOG_KEY) ?? 0;
  }
  if (otherConditions === 0 && tagIds.length === 0 && excludedTagIds.length <= MAX_EXCLUDED_FOR_COMPLEMENT) {
    return countOutsideTags(excludedTagIds);
  }
  if (tagIds.length > 0 && excludedTagIds.length <= MAX_EXCLUDED_FOR_COMPLEMENT) {
    // |T and not (E1 or ... or En)| = sum over subsets S of E of (-1)^|S| |T and S|
    const terms = subsets(excludedTagIds).map((set) => ({ sign: set.length % 2 === 0 ? 1 : -1, count: countWithTags(filter, [...tagIds, ...set]) }));
    if (terms.length === 1) return (await queryRows<{ total: number }>(Prisma.sql`SELECT ${terms[0].count} AS total`))[0].total;
    const rows = await queryRows<{ counts: number[] }>(Prisma.sql`SELECT ARRAY[${Prisma.join(terms.map((t) => t.count))}] AS counts`);
    return terms.reduce((sum, term, i) => sum + term.sign * rows[0].counts[i], 0);
  }
  const rows = await queryRows<{ total: number }>(Prisma.sql`SELECT count(*)::int AS total FROM games g ${filter.where}`);
  return rows[0]?.total ?? 0;
}

/** A scalar subquery: the games carrying all of `tags` that meet the filter's other conditions (not its exclusions). */
function countWithTags(filter: ResolvedGameFilter, tags: number[]): Prisma.Sql {
  const unique = [...new Set(tags)];
  if (unique.length === 1 && filter.otherSql.length === 0) {
    return Prisma.sql`coalesce((SELECT games FROM game_counts WHERE key = ${unique[0]}), 0)`;
  }
  if (unique.length === 1 && countsTaggedGames(filter)) {
    return Prisma.sql`(SELECT count(*)::int ${taggedGamesFrom({ ...filter, rarestTagId: unique[0], taggedConditions: filter.otherSql })})`;
  }
  const conditions = [Prisma.sql`g.tag_ids @> ${unique}::int[]`, ...filter.otherSql];
  return Prisma.sql`(SELECT count(*)::int FROM games g WHERE ${Prisma.join(conditions, " AND ")})`;
}

/** The catalog minus the games carrying any of the tags: |A ∪ B ∪ C| by inclusion-exclusion. */
async function countOutsideTags(excluded: number[]): Promise<number> {
  const counts = await maintainedCounts([CATALOG_KEY, ...excluded]);
  const intersections = subsets(excluded).filter((set) => set.length > 1);
  const sizes = intersections.length
    ? (await queryRows<{ sizes: number[] }>(Prisma.sql`SELECT ARRAY[${Prisma.join(
        intersections.map((set) => Prisma.sql`(SELECT count(*)::int FROM games g WHERE g.tag_ids @> ${set}::int[])`),
      )}] AS sizes`))[0].sizes
    : [];
  let union = excluded.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
  intersections.forEach((set, i) => (union += (set.length % 2 === 0 ? -1 : 1) * sizes[i]));
  return (counts.get(CATALOG_KEY) ?? 0) - union;
}

async function maintainedCounts(keys: number[]): Promise<Map<number, number>> {
  const rows = await queryRows<{ key: number; games: number }>(Prisma.sql`SELECT key, games FROM game_counts WHERE key = ANY(${keys}::int[])`);
  return new Map(rows.map((row) => [row.key, row.games]));
}

function subsets<T>(items: T[]): T[][] {
  return items.reduce<T[][]>((all, item) => [...all, ...all.map((set) => [...set, item])], [[]]);
}
