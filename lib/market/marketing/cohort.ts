import { Prisma } from "../../db/generated/client";

/**
 * A game's marketing cohort: the games whose rank-1 tag is its rank-1 tag, released the same year
 * (`year` null: any year, the wider reference when a single year holds few games).
 */
export interface Cohort {
  tagId: number;
  tagSlug: string;
  tagName: string;
  year: number | null;
}

/** Below this many games a cohort's shares and percentiles say little: they are flagged `small`. */
export const SMALL_COHORT = 20;

export function describeCohort(cohort: Cohort): string {
  const when = cohort.year === null ? "any release year" : `released in ${cohort.year}`;
  return `games whose first (rank-1) tag is '${cohort.tagSlug}', ${when}`;
}

/** `FROM` and `WHERE` of the cohort's games, aliased `g`. */
export function cohortGames(cohort: Cohort): Prisma.Sql {
  const year = cohort.year === null ? Prisma.sql`true` : Prisma.sql`g.release_year = ${cohort.year}`;
  return Prisma.sql`games g JOIN game_tags pt ON pt.app_id = g.app_id AND pt.rank = 1 AND pt.tag_id = ${cohort.tagId}
    WHERE ${year}`;
}

/** The same-year cohort and the all-years one, computed alike. */
export function cohortPair<T>(cohort: Cohort, compute: (c: Cohort) => Promise<T>): Promise<[T, T]> {
  return Promise.all([compute(cohort), compute({ ...cohort, year: null })]);
}

export const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits;
