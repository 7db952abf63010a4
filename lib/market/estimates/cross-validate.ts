// Leave-one-out cross-validation of sales estimators on reported figures (prisma/fit-estimates.ts).
// Errors are natural-log ratios: ln(reported / estimate). Pure functions, no I/O.

/** One calibration title: what an estimator may read, and the figure it is judged against. */
export interface CalibrationCase {
  appId: number;
  reported: number;
  /** Steam reviews at the day the figure describes (interpolated between review snapshots) */
  reviews: number;
}

/** Fits on the training cases and returns a function giving the central estimate (copies) of a case. */
export type Estimator<C extends CalibrationCase> = (training: readonly C[]) => (subject: C) => number;

export interface CvResult {
  /** median of |ln(reported / estimate)| over held-out cases */
  medianAbsLogError: number;
  /** median of ln(reported / estimate): above 0 the estimator is low, below 0 high */
  medianLogError: number;
  /** held-out figures inside the 80% interval (central x exp(-w), central x exp(w)), w from the other cases */
  covered: number;
  cases: number;
  /** per held-out case: ln(reported / estimate) and the half-width of its interval */
  residuals: { appId: number; error: number; halfWidth: number }[];
}

/** Sample quantile with linear interpolation between order statistics (type 7). */
export function quantile(values: readonly number[], p: number): number {
  if (values.length === 0) throw new Error("quantile of no values");
  const sorted = [...values].sort((a, b) => a - b);
  const k = (sorted.length - 1) * p;
  const lo = Math.floor(k);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (k - lo);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

/**
 * Half-width in log space of an interval meant to hold `level` of future figures, from absolute residuals
 * of cases the estimator did not see: the ceil((n + 1) * level)-th smallest (split-conformal rule), which
 * holds at least `level` on average for exchangeable cases; Infinity when n is too small to support it.
 */
export function conformalHalfWidth(absResiduals: readonly number[], level = 0.8): number {
  const sorted = [...absResiduals].sort((a, b) => a - b);
  const rank = Math.ceil((sorted.length + 1) * level);
  return rank > sorted.length ? Number.POSITIVE_INFINITY : sorted[rank - 1]!;
}

const logError = (reported: number, estimate: number) => Math.log(reported / estimate);

/**
 * Leave-one-out: each case is estimated by the estimator fitted on all the others; its interval width
 * comes from the others' own leave-one-out residuals (nested), so no held-out figure shapes its interval.
 */
export function crossValidate<C extends CalibrationCase>(cases: readonly C[], estimator: Estimator<C>, level = 0.8): CvResult {
  const without = (list: readonly C[], i: number) => list.filter((_, j) => j !== i);
  const residuals = cases.map((held, i) => {
    const training = without(cases, i);
    const error = logError(held.reported, estimator(training)(held));
    const inner = training.map((c, j) => Math.abs(logError(c.reported, estimator(without(training, j))(c))));
    return { appId: held.appId, error, halfWidth: conformalHalfWidth(inner, level) };
  });
  const errors = residuals.map((r) => r.error);
  return {
    medianAbsLogError: median(errors.map(Math.abs)),
    medianLogError: median(errors),
    covered: residuals.filter((r) => Math.abs(r.error) <= r.halfWidth).length,
    cases: cases.length,
    residuals,
  };
}

/** Estimators that need no fitting, and the two simple fits the calibration set can support. */
export const estimators = {
  /** the rule of thumb: 35 copies per review */
  flat35: (() => (c: CalibrationCase) => 35 * c.reviews) as Estimator<CalibrationCase>,
  /** one multiplier, the median copies per review of the training cases */
  fittedMultiplier: ((training) => {
    const k = Math.exp(median(training.map((c) => Math.log(c.reported / c.reviews))));
    return (c) => k * c.reviews;
  }) as Estimator<CalibrationCase>,
  /** ln(copies) = a + b ln(reviews), least squares */
  logLinear: ((training) => {
    const xs = training.map((c) => Math.log(c.reviews));
    const ys = training.map((c) => Math.log(c.reported));
    const mx = xs.reduce((s, x) => s + x, 0) / xs.length;
    const my = ys.reduce((s, y) => s + y, 0) / ys.length;
    const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
    const b = sxx === 0 ? 1 : xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0) / sxx;
    return (c) => Math.exp(my + b * (Math.log(c.reviews) - mx));
  }) as Estimator<CalibrationCase>,
};
