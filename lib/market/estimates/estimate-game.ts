import type { Estimate, EstimateInputs, Estimates } from "./estimate-schema";
import {
  INTERVAL,
  METHOD_ID,
  MIN_REVIEWS,
  PRICE_FACTOR_POINTS,
  REALISED_PRICE_FACTOR,
  VOLUME_FACTOR_POINTS,
  inferYearFromAppId,
  interpolate,
  yearMultiplier,
} from "./multiplier-table";

type SourceRef = { source: string; observedAt: string } | null;

/** What the method reads from a game; the same columns the SQL form reads. */
export interface EstimateSubject {
  appId: number;
  reviewsTotal: number | null;
  releaseYear: number | null;
  /** full price, in `currency`'s minor unit */
  initialPriceCents: number | null;
  priceCents: number | null;
  currency: string | null;
  isFree: boolean | null;
  sources?: { reviews?: SourceRef; price?: SourceRef };
}

/** Units per review for a game with at least MIN_REVIEWS reviews (the pieces are reported as inputs). */
export function multiplierOf(subject: EstimateSubject): EstimateInputs {
  const reviewsTotal = subject.reviewsTotal!;
  const multiplierYear = subject.releaseYear ?? inferYearFromAppId(subject.appId);
  const priceCents = usdFullPrice(subject);
  const yearMult = yearMultiplier(multiplierYear);
  const volumeFactor = interpolate(VOLUME_FACTOR_POINTS, Math.log10(reviewsTotal));
  const priceFactor = priceCents === null ? 1 : interpolate(PRICE_FACTOR_POINTS, priceCents / 100);
  return {
    reviewsTotal,
    releaseYear: subject.releaseYear,
    multiplierYear,
    yearInferred: subject.releaseYear === null,
    priceCents,
    multiplier: yearMult * volumeFactor * priceFactor,
    yearMultiplier: yearMult,
    volumeFactor,
    priceFactor,
  };
}

/** Sales and revenue estimates of one game, or `null` values with the reason none can be made. */
export function estimateGame(subject: EstimateSubject): Estimates {
  const basis = { reviews: subject.sources?.reviews ?? null, price: subject.sources?.price ?? null };
  const noSales = salesBlocker(subject);
  if (noSales) return { sales: missing("copies", basis, noSales), revenue: missing("USD", basis, noSales) };
  const inputs = multiplierOf(subject);
  const band = inputs.yearInferred ? INTERVAL.inferredYear : INTERVAL.knownYear;
  const central = inputs.reviewsTotal! * inputs.multiplier;
  const sales = made("copies", basis, inputs, central, band);
  if (inputs.priceCents === null) {
    const why = subject.currency && subject.currency !== "USD" ? `price observed only in ${subject.currency}` : "no full price collected";
    return { sales, revenue: missing("USD", basis, `${why}: revenue is estimated from US prices only`, inputs) };
  }
  const perCopy = (inputs.priceCents / 100) * REALISED_PRICE_FACTOR;
  return { sales, revenue: made("USD", basis, inputs, central * perCopy, band) };
}

function salesBlocker(subject: EstimateSubject): string | null {
  if (subject.reviewsTotal === null) return "no Steam review counts collected";
  if (subject.reviewsTotal < MIN_REVIEWS) return `fewer than ${MIN_REVIEWS} Steam reviews: too few for a review multiplier`;
  if (subject.isFree || subject.priceCents === 0) return "free to play: no unit sales, and in-game revenue cannot be estimated from reviews";
  return null;
}

/** Full price in US cents, or null when the price is unknown or in another currency. */
function usdFullPrice(subject: EstimateSubject): number | null {
  if (subject.currency !== "USD") return null;
  const cents = subject.initialPriceCents ?? subject.priceCents;
  return cents !== null && cents > 0 ? cents : null;
}

function made(
  unit: "copies" | "USD",
  basis: Estimate["basis"],
  inputs: EstimateInputs,
  central: number,
  band: { low: number; high: number },
): Estimate {
  return {
    value: Math.round(central),
    low: Math.round(central * band.low),
    high: Math.round(central * band.high),
    interval: 0.8,
    unit,
    method: METHOD_ID,
    basis,
    inputs,
    reason: null,
  } as Estimate;
}

function missing(unit: "copies" | "USD", basis: Estimate["basis"], reason: string, inputs: EstimateInputs | null = null): Estimate {
  return { value: null, low: null, high: null, interval: 0.8, unit, method: METHOD_ID, basis, inputs, reason } as Estimate;
}
