import type pg from "pg";

export interface UpsertSpec {
  table: string;
  columns: string[];
  /** SQL types, so parameters of arrays and JSON arrive typed */
  types: string[];
  key: string[];
  /** per column, how a conflicting row is updated; default: the new value */
  merge?: Record<string, string>;
  /** extra assignments on update, e.g. updated_at = now() */
  touch?: string;
}

export interface UpsertCount {
  inserted: number;
  updated: number;
}

const MAX_PARAMETERS = 30_000;

/**
 * Batched INSERT ... ON CONFLICT DO UPDATE that only writes rows whose values changed: a re-run of the
 * same data changes nothing (idempotent), and nothing stored is ever deleted.
 */
export async function upsertRows(client: pg.ClientBase, spec: UpsertSpec, rows: unknown[][], onBatch?: (done: number) => void): Promise<UpsertCount> {
  const count = { inserted: 0, updated: 0 };
  const batchSize = Math.max(1, Math.floor(MAX_PARAMETERS / spec.columns.length));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    const result = await client.query<{ inserted: boolean }>(statement(spec, batch.length), batch.flat());
    for (const row of result.rows) row.inserted ? count.inserted++ : count.updated++;
    onBatch?.(Math.min(start + batchSize, rows.length));
  }
  return count;
}

function statement(spec: UpsertSpec, rowCount: number): string {
  const width = spec.columns.length;
  const values = Array.from({ length: rowCount }, (_, r) =>
    `(${spec.columns.map((_, c) => `$${r * width + c + 1}::${spec.types[c]}`).join(", ")})`,
  ).join(",\n");
  const updatable = spec.columns.filter((column) => !spec.key.includes(column));
  const assignment = (column: string) => spec.merge?.[column] ?? `EXCLUDED.${column}`;
  const sets = updatable.map((column) => `${column} = ${assignment(column)}`);
  const current = updatable.map((column) => `${spec.table}.${column}`).join(", ");
  const next = updatable.map(assignment).join(", ");
  return `INSERT INTO ${spec.table} AS ${spec.table} (${spec.columns.join(", ")}) VALUES ${values}
    ON CONFLICT (${spec.key.join(", ")}) DO UPDATE SET ${[...sets, ...(spec.touch ? [spec.touch] : [])].join(", ")}
    WHERE (${current}) IS DISTINCT FROM (${next})
    RETURNING (xmax = 0) AS inserted`;
}
