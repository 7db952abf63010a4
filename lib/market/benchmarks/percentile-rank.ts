/**
 * Percentile rank, mid-rank definition: 100 x (values below + half the values equal) / values, counting the
 * title itself among the values. 50 means the middle of its group; a title alone in its group scores 50.
 */
export const PERCENTILE_RANK_DEFINITION =
  "Mid-rank percentile: 100 x (games with a lower value + half the games with an equal value, the title included) / games with a value. 0..100; alone in its group a title scores 50.";

export function percentileRank(below: number, equal: number, n: number): number | null {
  return n > 0 ? (100 * (below + equal / 2)) / n : null;
}

/** The rank of `value` among `values` (which include it), by the same definition. */
export function rankAmong(value: number, values: number[]): number | null {
  const below = values.filter((v) => v < value).length;
  const equal = values.filter((v) => v === value).length;
  return percentileRank(below, equal, values.length);
}
