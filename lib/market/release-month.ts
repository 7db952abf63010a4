/** YYYY-MM of a release dated to the month or the day (as game_metrics.release_month reads it); else null. */
export function releaseMonthOf(date: string | null, precision: string | null): string | null {
  return date && (precision === "day" || precision === "month") ? date.slice(0, 7) : null;
}
