/**
 * Steam's review summary, by Steam's published rules: the share of positive reviews (floored to a
 * whole percent, as Steam does) and the number of reviews. Below 10 reviews Steam shows only a count.
 */
export interface ReviewLabel {
  /** Steam's review_score: 1 (Overwhelmingly Negative) to 9 (Overwhelmingly Positive); 0 below 10 reviews */
  score: number;
  label: string;
}

export function steamReviewLabel(positive: number, negative: number): ReviewLabel {
  const total = positive + negative;
  if (total === 0) return { score: 0, label: "No user reviews" };
  // Steam writes "1 user reviews" too; we print exactly what Steam shows.
  if (total < 10) return { score: 0, label: `${total} user reviews` };
  const percent = Math.floor((positive / total) * 100);
  if (percent >= 80) {
    if (percent >= 95 && total >= 500) return { score: 9, label: "Overwhelmingly Positive" };
    if (total >= 50) return { score: 8, label: "Very Positive" };
    return { score: 7, label: "Positive" };
  }
  if (percent >= 70) return { score: 6, label: "Mostly Positive" };
  if (percent >= 40) return { score: 5, label: "Mixed" };
  if (percent >= 20) return { score: 4, label: "Mostly Negative" };
  if (total >= 500) return { score: 1, label: "Overwhelmingly Negative" };
  if (total >= 50) return { score: 2, label: "Very Negative" };
  return { score: 3, label: "Negative" };
}
