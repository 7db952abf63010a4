// Estimates as of a day: the review count on that day, from the review observations around it.
import { estimateGame, type EstimateSubject } from "./estimate-game";
import type { Estimate, Estimates } from "./estimate-schema";
import { FITTED_MODEL } from "./fitted-model";
import { inferYearFromAppId } from "./method-constants";
import { releaseMidpoint } from "./sales-model";

export interface ReviewObservation {
  source: string;
  observedAt: string;
  reviewsTotal: number;
}

export type ReviewsOn =
  | { reviewsTotal: number; used: ReviewObservation[]; note: string | null }
  | { reviewsTotal: null; used: ReviewObservation[]; reason: string };

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The release: the month where a source gave it, else the year (mid-year); `inferred` when only the app id dates it. */
export interface DatedRelease {
  year: number;
  month: string | null;
  inferred?: boolean;
}

/**
 * Steam reviews on `day`: the observation of that day; else linear between the observations before and
 * after it (reviews accrue over time, so the count between two snapshots lies between theirs); after the
 * last observation, the last one, saying so (nothing is extrapolated); before the first, accrued from zero
 * at a dated release (accruedBeforeFirst); else none.
 */
export function reviewsOn(
  day: string,
  observations: readonly ReviewObservation[],
  release: DatedRelease | null = null,
  accrualExponent = FITTED_MODEL.accrualExponent,
): ReviewsOn {
  const sorted = [...observations].sort((a, b) => a.observedAt.localeCompare(b.observedAt) || a.source.localeCompare(b.source));
  if (sorted.length === 0) return { reviewsTotal: null, used: [], reason: "no Steam review counts collected" };
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (day < first.observedAt) return accruedBeforeFirst(day, first, release, accrualExponent);
  const exact = sorted.filter((o) => o.observedAt === day);
  if (exact.length > 0) return { reviewsTotal: exact[exact.length - 1]!.reviewsTotal, used: [exact[exact.length - 1]!], note: null };
  if (day > last.observedAt) {
    return {
      reviewsTotal: last.reviewsTotal,
      used: [last],
      note: `${day} is after the last review observation (${last.observedAt}, ${last.source}): the estimate is as of ${last.observedAt}, not extrapolated`,
    };
  }
  const after = sorted.findIndex((o) => o.observedAt > day);
  const [a, b] = [sorted[after - 1]!, sorted[after]!];
  const share = (dayMs(day) - dayMs(a.observedAt)) / (dayMs(b.observedAt) - dayMs(a.observedAt));
  return {
    reviewsTotal: Math.round(a.reviewsTotal + share * (b.reviewsTotal - a.reviewsTotal)),
    used: [a, b],
    note: `reviews interpolated between ${a.observedAt} (${a.source}) and ${b.observedAt} (${b.source})`,
  };
}

const daysBetween = (from: string, to: string) => (dayMs(to) - dayMs(from)) / 86_400_000;

/**
 * Before the first observation, between a dated release (zero reviews) and that observation: reviews grow
 * as age^p (FITTED_MODEL.accrualExponent, the median growth of our catalog's titles between the 2018 and 2023
 * observations; docs/estimates.md), so the count is first x (age on the day / age at the first)^p.
 */
function accruedBeforeFirst(day: string, first: ReviewObservation, release: DatedRelease | null, exponent: number): ReviewsOn {
  const none = `no Steam review count observed on or before ${day}: the first is of ${first.observedAt} (${first.source})`;
  if (!release) return { reviewsTotal: null, used: [first], reason: `${none}, and no release to count from` };
  const released = releaseMidpoint(release.month, release.year);
  const dated = release.inferred ? `${released}, mid-${release.year} as the app id dates it` : released;
  // Early Access games are dated by their full release: a day before it has no count to accrue from
  if (day <= released) return { reviewsTotal: null, used: [first], reason: `${none}, and ${day} is not after the release (${dated})` };
  const share = (daysBetween(released, day) / daysBetween(released, first.observedAt)) ** exponent;
  return {
    reviewsTotal: Math.round(first.reviewsTotal * share),
    used: [first],
    note: `${day} is before the first review observation (${first.observedAt}, ${first.source}): reviews accrued from zero at the release (${dated}) along age^${exponent}, the median review growth of the catalog`,
  };
}

/** The release a subject's reviews accrue from: collected, else the year its app id falls in. */
export function releaseOf(subject: EstimateSubject): DatedRelease {
  if (subject.releaseYear !== null) return { year: subject.releaseYear, month: subject.releaseMonth ?? null };
  return { year: inferYearFromAppId(subject.appId), month: null, inferred: true };
}

/** The estimates of a game as of `day`, with the review observations used named in `basis.observations`. */
export function estimateGameAsOf(subject: EstimateSubject, observations: readonly ReviewObservation[], day: string): Estimates {
  const release = releaseOf(subject);
  const on = reviewsOn(day, observations, release);
  const nearest = on.used[on.used.length - 1];
  // the model reads the age on the day the count describes: the day itself, or the last observation's
  // day when the day is after it (the estimate is then as of that observation, as its note says)
  const last = [...observations].sort((a, b) => a.observedAt.localeCompare(b.observedAt)).at(-1);
  const countedOn = last && day > last.observedAt ? last.observedAt : day;
  const estimates = estimateGame(
    { ...subject, reviewsTotal: on.reviewsTotal, sources: { ...subject.sources, reviews: nearest ? { source: nearest.source, observedAt: nearest.observedAt } : null } },
    countedOn,
  );
  const notes = ["note" in on ? on.note : null, estimates.sales.note ?? null].filter(Boolean);
  const dated = (e: Estimate): Estimate => ({
    ...e,
    asOf: day,
    note: notes.length ? notes.join("; ") : null,
    reason: e.reason ?? ("reason" in on ? on.reason : null),
    basis: { ...e.basis, observations: on.used },
  });
  // no count before the first observation: the generic "no review counts" reason would be wrong
  if ("reason" in on) return { sales: dated({ ...estimates.sales, reason: on.reason }), revenue: dated({ ...estimates.revenue, reason: on.reason }) };
  return { sales: dated(estimates.sales), revenue: dated(estimates.revenue) };
}
