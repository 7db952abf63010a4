import { z } from "zod";
import { badRequest } from "../api/api-error";
import { decimalParam, integerParam, listParam } from "../api/query-params";
import { Prisma } from "../db/generated/client";
import { resolveGenres } from "./genre-catalog";
import { resolveTagSlugs } from "./resolve-tags";

const DATE_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2])(?:-(0[1-9]|[12]\d|3[01]))?)?$/;

/** YYYY, YYYY-MM or YYYY-MM-DD; `end` resolves to the last day of that period. */
const releaseBoundary = (end: boolean, description: string) =>
  z
    .string()
    .regex(DATE_PATTERN, "expected YYYY, YYYY-MM or YYYY-MM-DD")
    .transform((text, ctx) => {
      const [, y, m, d] = DATE_PATTERN.exec(text)!;
      const year = Number(y);
      const month = m ? Number(m) : end ? 12 : 1;
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const day = d ? Number(d) : end ? lastDay : 1;
      if (day > lastDay) {
        ctx.addIssue({ code: "custom", message: `${text} is not a calendar date` });
        return z.NEVER;
      }
      return `${y}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    })
    .optional()
    .meta({ description });

// Prices are stored in the currency their source reports (some 2019 store prices are in GBP). Cents of
// different currencies are not comparable and there is no exchange rate of the day to convert honestly.
const USD_ONLY = "Compares US-dollar prices only: a game priced in another currency is not in the results, except free games (0 in any currency).";

const count = (description: string) => integerParam({ min: 0, max: 2_000_000_000 }).optional().meta({ description });
const text = (description: string) => z.string().trim().min(1).max(200).optional().meta({ description });

/** The `GET /games` filters; counts, aggregates and cohorts reuse them. */
export const gameFilterQuery = {
  q: text("Title search: exact, prefix, substring and close spellings, ranked."),
  tags: listParam(z.string().max(100), "Tag slugs (comma-separated); a game must carry all of them. See GET /tags."),
  tagsExclude: listParam(z.string().max(100), "Tag slugs; a game carrying any of them is left out."),
  genres: listParam(z.string().max(100), "Store genres (name or slug); a game must carry all of them."),
  releasedFrom: releaseBoundary(false, "Released on or after: YYYY, YYYY-MM or YYYY-MM-DD."),
  releasedTo: releaseBoundary(true, "Released on or before: YYYY, YYYY-MM or YYYY-MM-DD (inclusive)."),
  priceMin: count(`Minimum current price in US cents. ${USD_ONLY}`),
  priceMax: count(`Maximum current price in US cents; 0 finds the free games. ${USD_ONLY}`),
  reviewsMin: count("Minimum total Steam reviews."),
  reviewsMax: count("Maximum total Steam reviews."),
  ratingMin: decimalParam({ min: 0, max: 1 }).optional().meta({ description: "Minimum positive share, 0 to 1." }),
  platforms: listParam(z.enum(["windows", "mac", "linux"]), "Platforms; a game must support all of them."),
  developer: text("Developer name, case-insensitive exact match."),
  publisher: text("Publisher name, case-insensitive exact match."),
  coverage: listParam(z.enum(["basic", "partial", "full"]), "Coverage tiers to include."),
};

export type GameFilterInput = z.output<z.ZodObject<typeof gameFilterQuery>>;

/** A filter's WHERE clause, and what lib/market/count-games.ts needs to count it without scanning. */
export interface ResolvedGameFilter {
  where: Prisma.Sql;
  tagIds: number[];
  excludedTagIds: number[];
  /** conditions other than `tags` and `tagsExclude`, as tests of games (and of tagged_games when `taggedConditions` is defined) */
  otherSql: Prisma.Sql[];
  /** the tag with the fewest games: a list with tags reads only its entries of tagged_games (lib/market/tagged-games.ts) */
  rarestTagId?: number;
  rarestTagGames?: number;
  /** games carrying the rarest of the filtered genres: lists with genres read those games (search-games.ts) */
  rarestGenreGames?: number;
  /**
   * The conditions as tests of tagged_games, whose rows are the rarest tag's (a single tag's own test left
   * out); undefined when one needs a column it does not copy (title, developer, publisher).
   */
  taggedConditions?: Prisma.Sql[];
}

/** Validates what zod cannot see alone (known tags and genres, ranges) and builds the WHERE clause. */
export async function buildGameWhere(input: GameFilterInput): Promise<Prisma.Sql> {
  return (await resolveGameFilter(input)).where;
}

export async function resolveGameFilter(input: GameFilterInput): Promise<ResolvedGameFilter> {
  checkRange(input.priceMin, input.priceMax, "priceMax");
  checkRange(input.reviewsMin, input.reviewsMax, "reviewsMax");
  if (input.releasedFrom && input.releasedTo && input.releasedFrom > input.releasedTo) {
    throw badRequest("'releasedTo' is before 'releasedFrom'.", "releasedTo");
  }
  const [tags, excluded, genres] = await Promise.all([
    resolveTagSlugs(input.tags, "tags"),
    resolveTagSlugs(input.tagsExclude, "tagsExclude"),
    resolveGenres(input.genres),
  ]);
  const tagIds = [...new Set(tags.map((tag) => tag.id))];
  const rarestTag = tags.reduce<(typeof tags)[number] | undefined>((rarest, tag) => (!rarest || tag.gameCount < rarest.gameCount ? tag : rarest), undefined);
  const rarestGenreGames = genres.length ? Math.min(...genres.map((genre) => genre.gameCount)) : undefined;
  const excludedTagIds = [...new Set(excluded.map((tag) => tag.id))];
  const conditions: Prisma.Sql[] = [];
  // games.tag_ids mirrors game_tags (migration 0020): one GIN-indexed test for all the tags, which the
  // planner can intersect with the other filters' indexes.
  const tagContainment = tagIds.length ? Prisma.sql`g.tag_ids @> ${tagIds}::int[]` : undefined;
  if (tagContainment) conditions.push(tagContainment);
  if (excludedTagIds.length) conditions.push(Prisma.sql`NOT (g.tag_ids && ${excludedTagIds}::int[])`);
  const tagConditions = conditions.length;
  if (input.q) conditions.push(titleCondition(input.q));
  if (genres.length) conditions.push(Prisma.sql`g.genres @> ${genres.map((genre) => genre.name)}::text[]`);
  if (input.releasedFrom) conditions.push(Prisma.sql`g.release_date >= ${input.releasedFrom}::date`);
  if (input.releasedTo) conditions.push(Prisma.sql`g.release_date <= ${input.releasedTo}::date`);
  if (input.priceMin !== undefined || input.priceMax !== undefined) conditions.push(Prisma.sql`(g.currency = 'USD' OR g.price_cents = 0)`);
  if (input.priceMin !== undefined) conditions.push(Prisma.sql`g.price_cents >= ${input.priceMin}`);
  if (input.priceMax !== undefined) conditions.push(Prisma.sql`g.price_cents <= ${input.priceMax}`);
  if (input.reviewsMin !== undefined) conditions.push(Prisma.sql`g.reviews_total >= ${input.reviewsMin}`);
  if (input.reviewsMax !== undefined) conditions.push(Prisma.sql`g.reviews_total <= ${input.reviewsMax}`);
  if (input.ratingMin !== undefined) conditions.push(Prisma.sql`g.rating >= ${input.ratingMin}`);
  if (input.platforms?.length) conditions.push(Prisma.sql`g.platforms @> ${input.platforms}::text[]`);
  if (input.developer) conditions.push(nameInList("developers", input.developer));
  if (input.publisher) conditions.push(nameInList("publishers", input.publisher));
  if (input.coverage?.length) conditions.push(Prisma.sql`g.coverage = ANY(${input.coverage}::text[])`);
  const where = conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
  const copied = !input.q && !input.developer && !input.publisher;
  const taggedConditions = copied ? conditions.filter((c) => !(tagIds.length === 1 && c === tagContainment)) : undefined;
  return {
    where, tagIds, excludedTagIds, otherSql: conditions.slice(tagConditions),
    rarestTagId: rarestTag?.id, rarestTagGames: rarestTag?.gameCount, rarestGenreGames, taggedConditions,
  };
}

function checkRange(min: number | undefined, max: number | undefined, param: string) {
  if (min !== undefined && max !== undefined && min > max) {
    throw badRequest(`'${param}' is below its minimum counterpart.`, param);
  }
}

export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Substring, or close in pg_trgm's word similarity ("counter strike" finds "Counter-Strike: Source"). */
export function titleCondition(q: string): Prisma.Sql {
  return Prisma.sql`(lower(g.name) LIKE ${likePattern(q)} OR ${q.toLowerCase()} <% lower(g.name))`;
}

/** A GIN-indexed containment in the lower-cased names (migration 0026), not a walk of every game's list. */
function nameInList(column: "developers" | "publishers", name: string): Prisma.Sql {
  return Prisma.sql`lower_names(g.${Prisma.raw(column)}) @> ARRAY[${name.toLowerCase()}]::text[]`;
}
