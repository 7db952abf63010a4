// The constants of the sales-estimate method (docs/estimates.md gives the sources of each). The fitted
// part of the model is in fitted-model.ts (written by prisma/fit-estimates.ts). Changing any of them
// changes every estimate: bump METHOD_ID with it.

export const METHOD_ID = "review-model-v6";

/** Below this many reviews the literature calls a multiplier meaningless; no estimate is made. */
export const MIN_REVIEWS = 10;

/**
 * Steam app ids are issued in order, so where no source dated a release, the year is inferred from the
 * app id: the first app id of each year is the midpoint between the median app ids of games released in
 * consecutive years (medians over the games whose date the store data gives; `npm run ingest` data; 2021
 * to 2023 added with v4, from the same data: median app ids 1,151,640 (2020), 1,327,285, 1,643,140, 1,938,010).
 * The store data ends in 2023: later app ids are counted as 2023.
 */
export const APP_ID_YEAR_THRESHOLDS: ReadonlyArray<readonly [firstAppId: number, year: number]> = [
  [263_000, 2014],
  [326_000, 2015],
  [402_000, 2016],
  [462_000, 2017],
  [586_000, 2018],
  [846_000, 2019],
  [1_118_000, 2020],
  [1_239_000, 2021],
  [1_485_000, 2022],
  [1_791_000, 2023],
];
/** The year of app ids below the first threshold. */
export const EARLIEST_INFERRED_YEAR = 2013;

/** Share of the full price a sold copy brings in before Steam's cut: discounts, regional prices, refunds. */
export const REALISED_PRICE_FACTOR = 0.65;

export function inferYearFromAppId(appId: number): number {
  let year = EARLIEST_INFERRED_YEAR;
  for (const [firstAppId, y] of APP_ID_YEAR_THRESHOLDS) if (appId >= firstAppId) year = y;
  return year;
}
