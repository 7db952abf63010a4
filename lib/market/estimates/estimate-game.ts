import type { Estimate, EstimateInputs, Estimates } from "./estimate-schema";
import { FITTED_MODEL } from "./fitted-model";
import { METHOD_ID, MIN_REVIEWS, REALISED_PRICE_FACTOR, inferYearFromAppId } from "./method-constants";
import { ageInYears, applyModel, featureValues, type FeatureName, type SalesModel } from "./sales-model";

type SourceRef = { source: string; observedAt: string } | null;

/** What the method reads from a game; the same columns the SQL form reads. */
export interface EstimateSubject {
  appId: number;
  reviewsTotal: number | null;
  releaseYear: number | null;
  /** YYYY-MM where a source dated the release to the month or day; the age is then counted from mid-month */
  releaseMonth?: string | null;
  /** full price, in `currency`'s minor unit */
  initialPriceCents: number | null;
  priceCents: number | null;
  currency: string | null;
  isFree: boolean | null;
  sources?: { reviews?: SourceRef; price?: SourceRef };
}

/** The day the review count describes: the estimate's age is counted to it. */
const reviewsDay = (subject: EstimateSubject, day?: string) => day ?? subject.sources?.reviews?.observedAt?.slice(0, 10) ?? null;

const FEATURE_LABELS: Record<FeatureName, string> = { reviews: "review count", year: "release year", price: "full price", age: "age at the estimate's day" };

/** Copies per review for a game with at least MIN_REVIEWS reviews, with the model's pieces as inputs. */
export function multiplierOf(subject: EstimateSubject, day?: string, model: SalesModel = FITTED_MODEL): EstimateInputs & { outside: FeatureName[] } {
  const reviewsTotal = subject.reviewsTotal!;
  const multiplierYear = subject.releaseYear ?? inferYearFromAppId(subject.appId);
  const priceCents = usdFullPrice(subject);
  const on = reviewsDay(subject, day);
  const ageYears = on ? ageInYears(subject.releaseMonth ?? null, multiplierYear, on) : null;
  const terms = applyModel(model, featureValues({ reviews: reviewsTotal, year: multiplierYear, priceCents, ageYears }));
  return {
    reviewsTotal,
    releaseYear: subject.releaseYear,
    multiplierYear,
    yearInferred: subject.releaseYear === null,
    priceCents,
    ageYears: ageYears === null ? null : Math.round(ageYears * 100) / 100,
    multiplier: terms.multiplier,
    yearMultiplier: Math.exp(model.intercept) * terms.factors.year,
    volumeFactor: terms.factors.reviews,
    priceFactor: terms.factors.price,
    ageFactor: terms.factors.age,
    outside: terms.outside,
  };
}

/** Sales and revenue estimates of one game (its review count as of `day`, default the count's own date), or `null` values with the reason. */
export function estimateGame(subject: EstimateSubject, day?: string): Estimates {
  const basis = { reviews: subject.sources?.reviews ?? null, price: subject.sources?.price ?? null };
  const noSales = salesBlocker(subject);
  if (noSales) return { sales: missing("copies", basis, noSales), revenue: missing("USD", basis, noSales) };
  const { outside, ...inputs } = multiplierOf(subject, day);
  const note = outside.length ? supportNote(outside) : null;
  const central = inputs.reviewsTotal! * inputs.multiplier;
  const sales = made("copies", basis, inputs, central, note);
  if (inputs.priceCents === null) {
    const why = subject.currency && subject.currency !== "USD" ? `price observed only in ${subject.currency}` : "no full price collected";
    return { sales, revenue: missing("USD", basis, `${why}: revenue is estimated from US prices only`, inputs) };
  }
  const perCopy = (inputs.priceCents / 100) * REALISED_PRICE_FACTOR;
  return { sales, revenue: made("USD", basis, inputs, central * perCopy, note) };
}

function supportNote(outside: FeatureName[]): string {
  const what = outside.map((name) => FEATURE_LABELS[name]).join(" and ");
  return `the ${what} lies outside the calibration set's range: the model's value at the edge of that range is used, so the estimate is less certain than its interval says`;
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

function made(unit: "copies" | "USD", basis: Estimate["basis"], inputs: EstimateInputs, central: number, note: string | null): Estimate {
  const { low, high } = FITTED_MODEL.interval;
  return {
    value: Math.round(central),
    low: Math.round(central * low),
    high: Math.round(central * high),
    interval: 0.8,
    unit,
    method: METHOD_ID,
    basis,
    ...(note ? { note } : {}),
    inputs,
    reason: null,
  } as Estimate;
}

function missing(unit: "copies" | "USD", basis: Estimate["basis"], reason: string, inputs: EstimateInputs | null = null): Estimate {
  return { value: null, low: null, high: null, interval: 0.8, unit, method: METHOD_ID, basis, inputs, reason } as Estimate;
}
