import { z } from "zod";
import { integerParam } from "../api/query-params";
import { MAX_LIMIT } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { companyProfile, PORTFOLIO_SORTS } from "../market/companies/company-profile";
import type { CompanyKind } from "../market/companies/refresh-company-names";
import { withFreshness } from "./with-freshness";

const portfolioItemSchema = z
  .object({
    appId: z.number().int(),
    name: z.string(),
    release: z.object({
      date: z.string().nullable().meta({ description: "YYYY-MM-DD; with month precision the first day of it; `null` when not collected." }),
      precision: z.string().meta({ description: "`day`, `month`, `year` or `unknown`." }),
      year: z.number().int().nullable(),
    }),
    reviews: z
      .object({
        total: z.number().int(),
        positive: z.number().int().nullable(),
        rating: z.number().nullable().meta({ description: "positive / total." }),
        source: z.string().nullable().meta({ description: "Where the counts come from (mostly `steamspy-2025-01-01`)." }),
      })
      .nullable()
      .meta({ description: "Steam review counts as stored; `null` when not collected." }),
    price: z.object({ cents: z.number().int(), currency: z.string().nullable() }).nullable(),
  })
  .meta({ id: "PortfolioGame" });

const companySchema = z
  .object({
    slug: z.string(),
    kind: z.enum(["developer", "publisher"]),
    names: z
      .array(z.object({ name: z.string(), games: z.number().int().meta({ description: "Games listing this exact name." }) }))
      .meta({ description: "The names this slug stands for: spellings that differ only in case, spacing or punctuation (\"SQUARE ENIX\", \"Square Enix\")." }),
    totals: z
      .object({
        games: z.number().int().meta({ description: "Games listing any of the names." }),
        gamesWithReviews: z.number().int().meta({ description: "Of those, games whose review counts were collected: the denominator of the review figures." }),
        reviews: z.number().int().meta({ description: "Sum of total Steam reviews over `gamesWithReviews` (observed counts, not sales)." }),
        positiveReviews: z.number().int(),
        positiveShare: z.number().nullable().meta({ description: "positiveReviews / reviews: the positive share weighted by reviews; `null` with no reviews." }),
        reviewSources: z.record(z.string(), z.number().int()).meta({ description: "How many of `gamesWithReviews` take their counts from each source." }),
      })
      .meta({ id: "CompanyTotals" }),
    cadence: z
      .object({
        gamesWithReleaseYear: z.number().int().meta({ description: "Games with a known release year: the denominator of `releasesPerYear`." }),
        gamesWithoutReleaseDate: z.number().int().meta({ description: "Games no source dated (release dates are known for about 17,500 catalog games)." }),
        releasesPerYear: z.record(z.string(), z.number().int()),
        averageReleasesPerActiveYear: z.number().nullable().meta({ description: "Releases per year with at least one release." }),
        yearsSpanned: z.number().int().meta({ description: "Years from the first to the last release year, inclusive." }),
        firstRelease: z.string().nullable().meta({ description: "Earliest release date known to the day." }),
        latestRelease: z.string().nullable().meta({ description: "Latest release date known to the day." }),
        dayPrecisionReleases: z.number().int().meta({ description: "Releases dated to the day: the median gap is over these." }),
        medianDaysBetweenReleases: z.number().nullable().meta({
          description: "Median days between consecutive day-precision releases (same-day releases count 0); `null` with fewer than two.",
        }),
      })
      .meta({ id: "ReleaseCadence" }),
    games: z
      .object({
        total: z.number().int(),
        limit: z.number().int(),
        offset: z.number().int(),
        sort: z.string(),
        nextOffset: z.number().int().optional().meta({ description: "Send as `offset` for the next page of games; absent on the last." }),
        items: z.array(portfolioItemSchema),
      })
      .meta({ id: "Portfolio", description: "The portfolio, one page of it (`limit`, `offset`, `sort`)." }),
  })
  .meta({ id: "Company" });

/** `GET /developers/{slug}` and `GET /publishers/{slug}`: the same operation over a different list of names. */
export function companyOperation(kind: CompanyKind) {
  const plural = `${kind}s`;
  return withFreshness(defineOperation({
    id: kind === "developer" ? "getDeveloper" : "getPublisher",
    method: "GET",
    path: `/${plural}/{slug}`,
    summary: `One ${kind}: portfolio, totals and release cadence`,
    description: `A ${kind} by slug (its name in kebab-case, e.g. \`valve\`, \`square-enix\`): the exact names it stands for (a slug can cover spellings that differ in case or punctuation; different names such as "Valve" and "Valve Corporation" are different slugs), its games (a page, sorted), review totals (sums of observed Steam review counts over the games where they were collected, with the positive share weighted by reviews and the sources they come from), and release cadence (releases per year; median days between releases dated to the day). A game with several ${plural} counts for each. An unknown slug is NOT_FOUND with the closest slugs in \`suggestions\`. Owners and sales are not summed here: they are estimates.`,
    group: "Companies",
    costClass: "counts",
    scope: "market:read",
    anonymous: "preview",
    query: z.object({
      sort: z.enum(PORTFOLIO_SORTS).default("-reviews").meta({ description: "Order of the games; a leading `-` sorts descending; missing values last." }),
      limit: integerParam({ min: 1, max: MAX_LIMIT }).prefault(25).meta({ description: `Games per page, 1 to ${MAX_LIMIT}.` }),
      offset: integerParam({ min: 0, max: 10_000_000 }).prefault(0).meta({ description: "Offset of the first game; send `games.nextOffset`." }),
    }),
    params: z.object({
      slug: z
        .string()
        .min(1)
        .max(200)
        .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "expected a lower-case kebab-case slug such as 'square-enix'")
        .meta({ description: `The ${kind}'s slug.` }),
    }),
    data: companySchema,
    paginated: false,
    example: { params: { slug: kind === "developer" ? "valve" : "square-enix" } },
    async handler({ params, query }) {
      return { data: await companyProfile(kind, params.slug, query) };
    },
  }));
}
