import { queryRows } from "../db/query-rows";
import { Prisma } from "../db/generated/client";
import { countResolvedFilter } from "./count-games";
import { resolveGameFilter, type GameFilterInput, type ResolvedGameFilter } from "./game-filters";
import { GAME_LIST_COLUMNS, toListedGames, type ListedGameRow } from "./game-row";
import type { GameSummary } from "./game-schema";
import { readsTaggedGames, taggedGamesFrom } from "./tagged-games";
import { relevancePageIds, titleRelevanceOrder } from "./title-relevance";

export const GAME_SORTS = [
  "relevance",
  "reviews",
  "-reviews",
  "rating",
  "-rating",
  "releaseDate",
  "-releaseDate",
  "ccu",
  "-ccu",
  "name",
  "-name",
] as const;
export type GameSort = (typeof GAME_SORTS)[number];

const SORT_COLUMNS: Record<string, string> = {
  reviews: "g.reviews_total",
  rating: "g.rating",
  releaseDate: "g.release_date",
  ccu: "g.ccu",
  name: "lower(g.name)",
};

export interface GameSearch extends GameFilterInput {
  sort?: GameSort;
  limit: number;
  offset: number;
}

export async function searchGames(search: GameSearch): Promise<{ items: GameSummary[]; total: number }> {
  const filter = await resolveGameFilter(search);
  // The page's ids first, then its columns: PostgreSQL computes a select list before a top-N sort, so
  // selecting the summary columns directly builds them for every candidate (11,700 for `q=the`), not 25.
  const rows = await queryRows<ListedGameRow>(Prisma.sql`SELECT ${GAME_LIST_COLUMNS}
      FROM (${pageIds(search, filter)}) page
      JOIN games g ON g.app_id = page.app_id
      ORDER BY ${orderBy(search)}`);
  // A page that is not full and not past the end is the last one: it gives the total without counting.
  const lastPage = rows.length < search.limit && (rows.length > 0 || search.offset === 0);
  const total = lastPage ? search.offset + rows.length : await countResolvedFilter(filter);
  return { items: await toListedGames(rows), total };
}

/**
 * The page's app ids: a title search in relevance order, best-ranked titles first (lib/market/title-relevance.ts);
 * with tags and a review order, from the rarest tag's review index (lib/market/tagged-games.ts); with genres,
 * from the genre's games, then sorted (below); else walking the sort's index.
 */
function pageIds(search: GameSearch, filter: ResolvedGameFilter): Prisma.Sql {
  const sort = search.sort ?? (search.q ? "relevance" : "-reviews");
  const byReviews = ["-reviews", "reviews", "relevance"].includes(sort);
  const page = Prisma.sql`ORDER BY ${orderBy(search)} LIMIT ${search.limit} OFFSET ${search.offset}`;
  if (sort === "relevance" && search.q) return relevancePageIds(search.q, filter.where, search.limit, search.offset);
  if (byReviews && readsTaggedGames(filter)) return Prisma.sql`SELECT g.app_id ${taggedGamesFrom(filter)} ${page}`;
  if (readsGenreGames(filter, sort)) {
    // OFFSET 0 keeps the candidates a subquery of their own, planned without the page's order.
    return Prisma.sql`SELECT g.app_id FROM (SELECT ${CANDIDATE_COLUMNS} FROM games g ${filter.where} OFFSET 0) g ${page}`;
  }
  return Prisma.sql`SELECT g.app_id FROM games g ${filter.where} ${page}`;
}

/** What orderBy reads (PostgreSQL computes only those the order uses). */
const CANDIDATE_COLUMNS = Prisma.sql`g.app_id, g.reviews_total, g.rating, g.release_date, g.ccu, g.name, g.name_key`;

/**
 * Store genres come from the 2019 store data, so their games are mostly older and reviewed: walking the rating,
 * release or ascending review index, PostgreSQL expects genre games evenly spread and reads thousands of
 * others first (`genres=Strategy&sort=-rating` discarded 15,265 games for 25). A genre has at most a few
 * thousand games: reading them from its GIN index and sorting them is bounded, and discards none. The
 * most-reviewed order walks the review index, where genre games come first; with tags, when the genre is
 * rarer than the rarest tag, the genre's games are read the same way.
 */
function readsGenreGames(filter: ResolvedGameFilter, sort: GameSort): boolean {
  if (filter.rarestGenreGames === undefined) return false;
  return sort !== "-reviews" || (filter.rarestTagGames !== undefined && filter.rarestGenreGames < filter.rarestTagGames);
}

/** Explicit sort, else relevance for a title search, else most reviewed; NULLs last, app id breaks ties. */
function orderBy(search: GameSearch): Prisma.Sql {
  const sort = search.sort ?? (search.q ? "relevance" : "-reviews");
  if (sort === "relevance") {
    if (!search.q) return Prisma.sql`g.reviews_total DESC NULLS LAST, g.app_id`;
    return titleRelevanceOrder(search.q);
  }
  const descending = sort.startsWith("-");
  const column = SORT_COLUMNS[descending ? sort.slice(1) : sort];
  return Prisma.sql`${Prisma.raw(column)} ${Prisma.raw(descending ? "DESC" : "ASC")} NULLS LAST, g.app_id`;
}

