// The sales model of the review model (review-model-v4 onwards; METHOD_ID names the fit): ln(copies / review) is linear in what our data holds about a title
// at the estimate's day (reviews, release year, full price, age), ridge-fitted on the calibration set
// (prisma/fit-estimates.ts fits it with fitSalesModel and writes the result to fitted-model.ts).
// Pure functions, no I/O: the API, the cross-validation and the fit all run this one code.

/** Feature order of a model: ln(reviews), release year, ln(full price in dollars), ln(age in years at the day). */
export const FEATURES = ["reviews", "year", "price", "age"] as const;
export type FeatureName = (typeof FEATURES)[number];

export interface FittedFeature {
  name: FeatureName;
  /** mean of the training values: a missing value (unknown price) takes it, so its term is 0 */
  mean: number;
  /** change of ln(copies / review) per unit of the feature's value */
  weight: number;
  /** the training range: values outside it are clamped to it (the model has no support beyond) */
  min: number;
  max: number;
}

export interface SalesModel {
  /** mean ln(copies / review) of the training titles */
  intercept: number;
  features: readonly FittedFeature[];
}

/** One title as the model reads it: feature values in FEATURES order (null: unknown). */
export type FeatureValues = readonly (number | null)[];

export interface ModelCase {
  features: FeatureValues;
  reviews: number;
  reported: number;
}

const DAY_MS = 86_400_000;
/** Age never below a quarter year: launch-week figures would otherwise dominate the log scale. */
export const MIN_AGE_YEARS = 0.25;

/** The day a release is dated to: mid-month when the month is known, else mid-year. */
export function releaseMidpoint(releaseMonth: string | null, year: number): string {
  return releaseMonth ? `${releaseMonth}-15` : `${String(year).padStart(4, "0")}-07-01`;
}

/** Years from the release midpoint to `day`, at least MIN_AGE_YEARS. */
export function ageInYears(releaseMonth: string | null, year: number, day: string): number {
  const days = (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${releaseMidpoint(releaseMonth, year)}T00:00:00Z`)) / DAY_MS;
  return Math.max(MIN_AGE_YEARS, days / 365.25);
}

/** Feature values of a title: the price and the age may be unknown (null). */
export function featureValues(input: { reviews: number; year: number; priceCents: number | null; ageYears: number | null }): FeatureValues {
  return [
    Math.log(input.reviews),
    input.year,
    input.priceCents === null ? null : Math.log(Math.max(1, input.priceCents / 100)),
    input.ageYears === null ? null : Math.log(input.ageYears),
  ];
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export interface ModelTerms {
  /** copies per review */
  multiplier: number;
  /** each feature's factor on the multiplier: exp(weight x (clamped value - mean)) */
  factors: Record<FeatureName, number>;
  /** features whose value lay outside the training range (clamped to it) */
  outside: FeatureName[];
}

export function applyModel(model: SalesModel, values: FeatureValues): ModelTerms {
  const factors = Object.fromEntries(FEATURES.map((name) => [name, 1])) as Record<FeatureName, number>;
  const outside: FeatureName[] = [];
  let log = model.intercept;
  model.features.forEach((f) => {
    const raw = values[FEATURES.indexOf(f.name)] ?? null;
    const x = raw === null ? f.mean : clamp(raw, f.min, f.max);
    if (raw !== null && x !== raw) outside.push(f.name);
    const term = f.weight * (x - f.mean);
    factors[f.name] = Math.exp(term);
    log += term;
  });
  return { multiplier: Math.exp(log), factors, outside };
}

/** Solves A x = b (A square, well conditioned by the ridge term) by Gaussian elimination with pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    const pivot = m.slice(col).reduce((best, row, k) => (Math.abs(row[col]!) > Math.abs(m[best]![col]!) ? col + k : best), col);
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / m[col]![col]!;
      for (let k = col; k <= n; k++) m[r]![k]! -= f * m[col]![k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/**
 * Ridge fit of ln(reported / reviews) on the standardised features `names` (lambda on the weights, not on
 * the intercept); unknown values take the training mean of their feature. Weights are returned per raw unit.
 * With no features it is one multiplier: the training titles' median ln(copies / review) (the error this
 * method is judged by is a median, and the median is robust to the odd bundle-inflated figure).
 */
export function fitSalesModel(cases: readonly ModelCase[], lambda: number, names: readonly FeatureName[] = FEATURES): SalesModel {
  const p = names.length;
  const index = names.map((name) => FEATURES.indexOf(name));
  const known = (j: number) => cases.map((c) => c.features[index[j]!]).filter((v): v is number => v !== null && v !== undefined);
  const mean = names.map((_, j) => {
    const values = known(j);
    return values.length ? values.reduce((s, v) => s + v, 0) / values.length : 0;
  });
  const xs = cases.map((c) => names.map((_, j) => c.features[index[j]!] ?? mean[j]!));
  const sd = mean.map((m, j) => Math.sqrt(xs.reduce((s, x) => s + (x[j]! - m) ** 2, 0) / xs.length) || 1);
  const zs = xs.map((x) => x.map((v, j) => (v - mean[j]!) / sd[j]!));
  const ys = cases.map((c) => Math.log(c.reported / c.reviews));
  const my = ys.reduce((s, y) => s + y, 0) / ys.length;
  const gram = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => zs.reduce((s, z) => s + z[i]! * z[j]!, 0) + (i === j ? lambda : 0)));
  const rhs = Array.from({ length: p }, (_, i) => zs.reduce((s, z, k) => s + z[i]! * (ys[k]! - my), 0));
  const w = p === 0 ? [] : solve(gram, rhs);
  const sorted = [...ys].sort((a, b) => a - b);
  const middle = (sorted[(sorted.length - 1) >> 1]! + sorted[sorted.length >> 1]!) / 2;
  return {
    intercept: p === 0 ? middle : my,
    features: names.map((name, j) => {
      const values = known(j);
      return { name, mean: mean[j]!, weight: w[j]! / sd[j]!, min: Math.min(...values), max: Math.max(...values) };
    }),
  };
}

/** Central estimate (copies) of a case by a model. */
export const predictCopies = (model: SalesModel, c: { features: FeatureValues; reviews: number }) =>
  c.reviews * applyModel(model, c.features).multiplier;
