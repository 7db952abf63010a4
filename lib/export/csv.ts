/**
 * CSV cells as spreadsheets will read them (RFC 4180 quoting). A text cell that a spreadsheet would run as
 * a formula (starting with =, +, -, @, tab or CR: OWASP's CSV injection list) gets a leading apostrophe;
 * numbers stay numbers, so a negative number is never altered.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return value.toISOString();
  let text = typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
