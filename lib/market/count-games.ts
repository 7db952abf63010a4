import { queryRows } from "../db/query-rows";
import { Prisma } from "../db/generated/client";
import { resolveGameFilter, type GameFilterInput, type ResolvedGameFilter } from "./game-filters";
import { readsTaggedGames, taggedGamesFrom } from "./tagged-games";

/** Inclusion-exclusion over more excluded tags costs 2^n - n - 1 intersection counts: past 3, count rows. */
const MAX_EXCLUDED_FOR_COMPLEMENT = 3;
const CATALOG_KEY = 0;

/** How many games match the `GET /games` filters. */
export async function countGames(filters: GameFilterInput): Promise<number> {
  return countResolvedFilter(await resolveGameFilter(filters));
}

/**
 * Exact `total` of a resolved filter, by the cheapest exact means (docs/benchmarks.md "Lists"):
 * no filter or one tag reads game_counts (migration 0024, kept by triggers on games in the writing
 * transaction); excluded tags alone are the catalog minus their union, by inclusion-exclusion over
 * game_counts and small GIN-indexed intersections; with tags, the rarest tag's entries of tagged_games are
 * counted from its index (index only); anything else is counted, from indexes where it can.
 */
export async function countResolvedFilter(filter: ResolvedGameFilter): Promise<number> {
  const { tagIds, excludedTagIds, otherConditions } = filter;
  if (otherConditions === 0 && excludedTagIds.length === 0 && tagIds.length <= 1) {
    return (await maintainedCounts([tagIds[0] ?? CATALOG_KEY])).get(tagIds[0] ?? CATALOG_KEY) ?? 0;
  }
  if (otherConditions === 0 && tagIds.length === 0 && excludedTagIds.length <= MAX_EXCLUDED_FOR_COMPLEMENT) {
    return countOutsideTags(excludedTagIds);
  }
  const from = readsTaggedGames(filter) ? taggedGamesFrom(filter) : Prisma.sql`FROM games g ${filter.where}`;
  const statement = Prisma.sql`SELECT count(*)::int AS total ${from}`;
  const rows = await queryRows<{ total: number }>(statement);
  return rows[0]?.total ?? 0;
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
