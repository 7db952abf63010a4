// The constants of the review-multiplier method (docs/estimates.md gives the sources of each).
// Changing any of them changes every estimate: bump METHOD_ID with it.

export const METHOD_ID = "review-multiplier-v3";

/** Below this many reviews the literature calls a multiplier meaningless; no estimate is made. */
export const MIN_REVIEWS = 10;

/** Units sold per Steam review by release year (central values). Years outside the table clamp to its ends. */
export const YEAR_MULTIPLIERS: ReadonlyArray<readonly [year: number, multiplier: number]> = [
  [2013, 80],
  [2014, 75],
  [2015, 65],
  [2016, 55],
  [2017, 45],
  [2018, 40],
  [2019, 35],
  [2020, 30],
];

/**
 * Steam app ids are issued in order, so where no source dated a release, the year is inferred from the
 * app id: the first app id of each year is the midpoint between the median app ids of games released in
 * consecutive years (medians over the games whose date the store data gives; `npm run ingest` data).
 */
export const APP_ID_YEAR_THRESHOLDS: ReadonlyArray<readonly [firstAppId: number, year: number]> = [
  [263_000, 2014],
  [326_000, 2015],
  [402_000, 2016],
  [462_000, 2017],
  [586_000, 2018],
  [846_000, 2019],
  [1_118_000, 2020],
];

/** Piecewise-linear points (log10 of total reviews, factor): small sellers get fewer, hits more, per review. */
export const VOLUME_FACTOR_POINTS: ReadonlyArray<readonly [log10Reviews: number, factor: number]> = [
  [1, 0.8],
  [2, 0.9],
  [3, 1.0],
  [4, 1.1],
  [5, 1.0],
  [6, 0.9],
];

/** Piecewise-linear points (full price in US dollars, factor): cheaper games sell more copies per review. */
export const PRICE_FACTOR_POINTS: ReadonlyArray<readonly [dollars: number, factor: number]> = [
  [5, 1.2],
  [10, 1.05],
  [20, 1.0],
  [40, 0.85],
];

/**
 * Bounds of the 80% interval as multiples of the central estimate (v3). v1 took them from the literature
 * (x0.55-x1.8); v2's x0.40-x2.53 came from a calibration set that, it turned out, held titles of the
 * hold-out (since removed) and held 73% of the cleaned set; these are the split-conformal 80% bounds of
 * the method's residuals on the cleaned set at each figure's date (`npx tsx prisma/fit-estimates.ts`,
 * docs/estimates.md), 80% in nested leave-one-out. Too few titles have a collected year to give the two
 * cases different widths: both get the one the data supports.
 */
export const INTERVAL = {
  knownYear: { low: 0.28, high: 3.55 },
  inferredYear: { low: 0.28, high: 3.55 },
} as const;

/** Share of the full price a sold copy brings in before Steam's cut: discounts, regional prices, refunds. */
export const REALISED_PRICE_FACTOR = 0.65;

/** Linear interpolation between points, flat beyond the first and last. */
export function interpolate(points: ReadonlyArray<readonly [number, number]>, x: number): number {
  const first = points[0]!;
  const last = points[points.length - 1]!;
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (x <= x1) return y0 + ((x - x0) * (y1 - y0)) / (x1 - x0);
  }
  return last[1];
}

export function yearMultiplier(year: number): number {
  const table = YEAR_MULTIPLIERS;
  if (year <= table[0]![0]) return table[0]![1];
  return (table.find(([y]) => y === year) ?? table[table.length - 1]!)[1];
}

export function inferYearFromAppId(appId: number): number {
  let year = YEAR_MULTIPLIERS[0]![0];
  for (const [firstAppId, y] of APP_ID_YEAR_THRESHOLDS) if (appId >= firstAppId) year = y;
  return year;
}
