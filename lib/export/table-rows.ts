/**
 * An operation's result as a table, for export and charts: the rows are the list the operation returns
 * (a list operation's items, an aggregate's groups, a comparison's titles, a history's points), each
 * flattened to dotted columns. Names are kept as the API spells them, so `observed.*` and `estimated.*`
 * stay apart and each basis or label travels in its own column; a value not collected stays null
 * (an empty cell), never 0.
 */
export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/** Where the rows of a non-list result sit, by operation (the first array of objects otherwise). */
const ROW_PATHS: Record<string, string[]> = {
  aggregateGames: ["groups"],
  compareTitles: ["titles"],
  getGameHistory: ["reviews", "points"],
  // A cohort benchmark is one set of figures: one row (its per-year releases as a list in one cell).
  cohortBenchmark: [],
};

export function resultRows(operationId: string, data: unknown, rowPaths: Record<string, string[]> = ROW_PATHS): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[];
  if (!data || typeof data !== "object") return [];
  const path = rowPaths[operationId];
  if (path?.length === 0) return [data as Record<string, unknown>];
  if (path) {
    const found = path.reduce<unknown>((value, key) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined), data);
    if (Array.isArray(found)) return found as Record<string, unknown>[];
  }
  const firstList = Object.values(data).find((value) => Array.isArray(value) && value.length > 0 && typeof value[0] === "object");
  // A single object (one game, a count) is one row.
  return (firstList as Record<string, unknown>[] | undefined) ?? [data as Record<string, unknown>];
}

/** Nested objects become dotted columns; lists of scalars are joined with "; ", lists of objects by their name. */
export function flattenRow(item: Record<string, unknown>, prefix = "", out: Row = {}): Row {
  for (const [key, value] of Object.entries(item)) {
    const column = prefix ? `${prefix}.${key}` : key;
    if (value === null || value === undefined) out[column] = null;
    else if (Array.isArray(value)) out[column] = value.map(listLabel).join("; ");
    else if (typeof value === "object") flattenRow(value as Record<string, unknown>, column, out);
    else out[column] = value as Cell;
  }
  return out;
}

function listLabel(value: unknown): string {
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const label = record.name ?? record.slug ?? record.label;
    return label === undefined ? Object.entries(record).map(([k, v]) => `${k}=${v}`).join(" ") : String(label);
  }
  return String(value);
}

/** Columns in first-seen order over the given rows. */
export function columnsOf(rows: Row[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}
