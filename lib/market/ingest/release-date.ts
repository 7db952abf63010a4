export type ReleasePrecision = "day" | "month" | "year" | "unknown";

export interface ReleaseDate {
  date: string | null;
  precision: ReleasePrecision;
  year: number | null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const UNKNOWN: ReleaseDate = { date: null, precision: "unknown", year: null };

function month(name: string): number | null {
  const index = MONTHS.indexOf(name.slice(0, 3).toLowerCase());
  return index < 0 ? null : index + 1;
}

function build(year: number, m: number | null, day: number | null, precision: ReleasePrecision): ReleaseDate {
  if (year < 1970 || year > 2100 || m === null) return UNKNOWN;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  if (day !== null && (day < 1 || day > last)) return UNKNOWN;
  const iso = `${year}-${String(m).padStart(2, "0")}-${String(day ?? 1).padStart(2, "0")}`;
  return { date: iso, precision, year };
}

/**
 * Release dates as stores print them: "2013-07-09", "9 Jul, 2013", "Jul 9, 2013", "December 2023",
 * "Q1 2024", "2023". Anything else ("Coming soon", "To be announced") is unknown, never guessed.
 */
export function parseReleaseDate(text: string | null | undefined): ReleaseDate {
  const value = (text ?? "").trim().replace(/\s+/g, " ");
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value))) return build(+m[1], +m[2], +m[3], "day");
  if ((m = /^(\d{1,2}) ([A-Za-z]+)\.?,? (\d{4})$/.exec(value))) return build(+m[3], month(m[2]), +m[1], "day");
  if ((m = /^([A-Za-z]+)\.? (\d{1,2}),? (\d{4})$/.exec(value))) return build(+m[3], month(m[1]), +m[2], "day");
  if ((m = /^([A-Za-z]+),? (\d{4})$/.exec(value))) return build(+m[2], month(m[1]), null, "month");
  if ((m = /^Q([1-4]) (\d{4})$/i.exec(value))) return build(+m[2], 1, null, "year");
  if ((m = /^(\d{4})$/.exec(value))) return build(+m[1], 1, null, "year");
  return UNKNOWN;
}
