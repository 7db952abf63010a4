import { Prisma } from "../db/generated/client";
import type { ResolvedGameFilter } from "./game-filters";

/**
 * GET /games with tags, read from tagged_games (migration 0025): one row per tag and game with the game's
 * tag set and filter columns under games' own names, so the list's WHERE clause applies to it as written.
 * Only the rarest tag's entries are read: a review-sorted page is the first matching entries of that tag's
 * review index, and `total` counts the tag's entries from that index, which carries the filter columns
 * (index only). The games table would be walked in review order, or visited row by row, discarding most
 * rows (docs/benchmarks.md "Lists").
 */
export type TaggedFilter = ResolvedGameFilter & { rarestTagId: number; taggedConditions: Prisma.Sql[] };

/**
 * One tag or more, no filter on columns tagged_games does not copy (title, developer, publisher), and no
 * genre with fewer games than the rarest tag (its games are fewer to read: search-games.ts).
 */
export function readsTaggedGames(filter: ResolvedGameFilter): filter is TaggedFilter {
  return filter.rarestTagId !== undefined && countsTaggedGames(filter);
}

/** Whether the filter's conditions other than tags can be tested on tagged_games rows, and are worth it. */
export function countsTaggedGames(filter: ResolvedGameFilter): boolean {
  const genreIsRarer = filter.rarestGenreGames !== undefined && filter.rarestGenreGames < (filter.rarestTagGames ?? Infinity);
  return filter.taggedConditions !== undefined && !genreIsRarer;
}

/** FROM and WHERE over the rarest tag's entries, aliased `g` like games. */
export function taggedGamesFrom(filter: TaggedFilter): Prisma.Sql {
  return Prisma.sql`FROM tagged_games g WHERE ${Prisma.join([Prisma.sql`g.tag_id = ${filter.rarestTagId}`, ...filter.taggedConditions], " AND ")}`;
}
