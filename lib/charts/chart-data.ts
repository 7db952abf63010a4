import type { OperationResult } from "../api/operation";
import { flattenRow, resultRows, type Row } from "../export/table-rows";

export const CHART_KINDS = ["bar", "line", "histogram", "scatter"] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

/** Groups smaller than this are drawn faded and named in the caption: too few games to compare. */
export const MIN_GROUP_SIZE = 10;

/** Rows a chart draws: a cohort benchmark's releases per year rather than its one row of figures. */
const CHART_ROWS: Record<string, string[]> = { cohortBenchmark: ["releasesPerYear"] };

/** Sensible axes per operation when the caller names none. */
const DEFAULT_FIELDS: Record<string, { x: string; y: string }> = {
  listGames: { x: "name", y: "reviews.total" },
  resolveGames: { x: "name", y: "reviews.total" },
  listSimilarGames: { x: "name", y: "score" },
  getGameHistory: { x: "observedOn", y: "values.total" },
  cohortBenchmark: { x: "year", y: "games" },
  compareTitles: { x: "name", y: "reviews.total" },
};

export interface ChartTable {
  rows: Row[];
  columns: string[];
  x: string;
  y: string;
}

export function chartTable(operationId: string, result: OperationResult<unknown>, fields: { x?: string; y?: string }): ChartTable {
  const rows = resultRows(operationId, result.data, { aggregateGames: ["groups"], compareTitles: ["titles"], getGameHistory: ["reviews", "points"], ...CHART_ROWS }).map((item) => flattenRow(item));
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const defaults = DEFAULT_FIELDS[operationId] ?? guessFields(rows, columns);
  return { rows, columns, x: fields.x || defaults.x, y: fields.y || defaults.y };
}

/** First text-like column across, first numeric column (not an id) up. */
function guessFields(rows: Row[], columns: string[]): { x: string; y: string } {
  const isNumeric = (column: string) => rows.some((row) => typeof row[column] === "number");
  const x = columns.find((c) => c.startsWith("key.")) ?? columns.find((c) => !isNumeric(c)) ?? columns[0] ?? "x";
  const y = columns.find((c) => c === "games") ?? columns.find((c) => isNumeric(c) && !/appId|^id$/.test(c) && c !== x) ?? "y";
  return { x, y };
}

/** Whether a column holds estimates rather than observations (the API's names say so). */
export function isEstimate(column: string): boolean {
  return /(^|\.)(estimated|estimates|owners)(\.|$)/.test(column) || /estimate/i.test(column);
}

/** Axis titles for columns whose dotted name says too little on its own (a history's points). */
const LABELS: Record<string, string> = { "values.total": "Reviews: total", observedOn: "Observation date" };

/** A column name as an axis title: `reviews.total` -> "Reviews: total", cents marked as cents. */
export function axisLabel(column: string): string {
  if (LABELS[column]) return LABELS[column];
  const words = column
    .split(".")
    .map((part) => part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
  const label = words.length > 1 ? `${capitalise(words.slice(0, -1).join(" "))}: ${words.at(-1)}` : capitalise(words[0]);
  return label.replace(/\bcents\b/, "(US cents)");
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
