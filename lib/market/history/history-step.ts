import type { SnapshotRow } from "./game-history";

/** `day`: every observation; `week` and `month`: per source, the last observation of each ISO week or calendar month. */
export const HISTORY_STEPS = ["day", "week", "month"] as const;
export type HistoryStep = (typeof HISTORY_STEPS)[number];

/**
 * Thins a daily series to one point per source and period: the period's last observation, with its own date
 * (a week's point is what was observed on its last observed day, never an average or an invented date).
 */
export function thinToStep(rows: SnapshotRow[], step: HistoryStep): SnapshotRow[] {
  if (step === "day") return rows;
  const last = new Map<string, SnapshotRow>();
  for (const row of rows) last.set(`${row.source} ${periodOf(row.observed_on, step)}`, row);
  const kept = new Set(last.values());
  return rows.filter((row) => kept.has(row));
}

function periodOf(day: string, step: "week" | "month"): string {
  if (step === "month") return day.slice(0, 7);
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}
