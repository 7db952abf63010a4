/** Readable output: a table for lists, key/value lines for one object. `--json` bypasses all of this. */

const MAX_CELL = 40;
const MAX_COLUMNS = 8;

function scalar(value: unknown): string {
  if (value === null || value === undefined) return "-";
  if (Array.isArray(value)) return value.every((v) => typeof v !== "object") ? value.join(", ") : `[${value.length} items]`;
  if (typeof value === "object") return "{…}";
  return String(value);
}

function clip(text: string, width = MAX_CELL): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/** Columns: the fields of the first rows whose values print on one line (numbers, strings, short lists). */
function columnsOf(rows: Record<string, unknown>[]): string[] {
  const columns: string[] = [];
  for (const row of rows.slice(0, 5)) {
    for (const [key, value] of Object.entries(row)) {
      const printable = value === null || typeof value !== "object" || (Array.isArray(value) && value.every((v) => typeof v !== "object"));
      if (printable && !columns.includes(key)) columns.push(key);
    }
  }
  return columns.slice(0, MAX_COLUMNS);
}

export function renderTable(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return "(no results)";
  const columns = columnsOf(rows);
  const cells = rows.map((row) => columns.map((column) => clip(scalar(row[column]))));
  const widths = columns.map((column, i) => Math.max(column.length, ...cells.map((line) => line[i].length)));
  const numeric = columns.map((column) => rows.every((row) => row[column] === null || typeof row[column] === "number"));
  const line = (values: string[]) => values.map((value, i) => (numeric[i] ? value.padStart(widths[i]) : value.padEnd(widths[i]))).join("  ").trimEnd();
  return [line(columns), line(widths.map((w) => "-".repeat(w))), ...cells.map(line)].join("\n");
}

/** Nested objects as dotted keys; lists of objects as a count (the table or --json shows them whole). */
export function renderObject(value: Record<string, unknown>, prefix = ""): string[] {
  const lines: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    const name = `${prefix}${key}`;
    if (item && typeof item === "object" && !Array.isArray(item)) lines.push(...renderObject(item as Record<string, unknown>, `${name}.`));
    else lines.push(`${name}: ${clip(scalar(item), 100)}`);
  }
  return lines;
}

export function renderData(data: unknown): string {
  if (Array.isArray(data)) {
    if (data.every((row) => row && typeof row === "object" && !Array.isArray(row))) return renderTable(data as Record<string, unknown>[]);
    return data.map(scalar).join("\n");
  }
  if (data && typeof data === "object") return renderObject(data as Record<string, unknown>).join("\n");
  return scalar(data);
}

/** A one-line bar on stderr, redrawn in place on a terminal and printed only at the end otherwise. */
export function progressBar(label: string) {
  const tty = process.stderr.isTTY;
  let last = "";
  return {
    update(done: number, total: number) {
      const width = 30;
      const filled = total > 0 ? Math.round((done / total) * width) : 0;
      last = `${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
      if (tty) process.stderr.write(`\r${last}`);
    },
    finish() {
      process.stderr.write(tty ? "\n" : `${last}\n`);
    },
  };
}
