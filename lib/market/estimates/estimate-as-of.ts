// Estimates as of a day: the review count on that day, from the review observations around it.
import { estimateGame, type EstimateSubject } from "./estimate-game";
import type { Estimate, Estimates } from "./estimate-schema";

export interface ReviewObservation {
  source: string;
  observedAt: string;
  reviewsTotal: number;
}

export type ReviewsOn =
  | { reviewsTotal: number; used: ReviewObservation[]; note: string | null }
  | { reviewsTotal: null; used: ReviewObservation[]; reason: string };

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * Steam reviews on `day`: the observation of that day; else linear between the observations before and
 * after it (reviews accrue over time, so the count between two snapshots lies between theirs); after the
 * last observation, the last one, saying so (nothing is extrapolated); before the first, none.
 */
export function reviewsOn(day: string, observations: readonly ReviewObservation[]): ReviewsOn {
  const sorted = [...observations].sort((a, b) => a.observedAt.localeCompare(b.observedAt) || a.source.localeCompare(b.source));
  if (sorted.length === 0) return { reviewsTotal: null, used: [], reason: "no Steam review counts collected" };
  const first = sorted[0]!;
  const last = sorted[sorted.length - 1]!;
  if (day < first.observedAt) {
    return { reviewsTotal: null, used: [first], reason: `no Steam review count observed on or before ${day}: the first is of ${first.observedAt} (${first.source})` };
  }
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

/** The estimates of a game as of `day`, with the review observations used named in `basis.observations`. */
export function estimateGameAsOf(subject: EstimateSubject, observations: readonly ReviewObservation[], day: string): Estimates {
  const on = reviewsOn(day, observations);
  const nearest = on.used[on.used.length - 1];
  const estimates = estimateGame({
    ...subject,
    reviewsTotal: on.reviewsTotal,
    sources: { ...subject.sources, reviews: nearest ? { source: nearest.source, observedAt: nearest.observedAt } : null },
  });
  const dated = (e: Estimate): Estimate => ({
    ...e,
    asOf: day,
    note: "note" in on ? on.note : null,
    reason: e.reason ?? ("reason" in on ? on.reason : null),
    basis: { ...e.basis, observations: on.used },
  });
  // no count before the first observation: the generic "no review counts" reason would be wrong
  if ("reason" in on) return { sales: dated({ ...estimates.sales, reason: on.reason }), revenue: dated({ ...estimates.revenue, reason: on.reason }) };
  return { sales: dated(estimates.sales), revenue: dated(estimates.revenue) };
}
