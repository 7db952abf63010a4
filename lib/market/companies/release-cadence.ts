export interface DatedRelease {
  date: string | null;
  precision: string;
  year: number | null;
}

/**
 * Releases per year (any precision that gives a year) and the median gap in days between consecutive
 * releases whose date is known to the day (same-day releases count as a gap of 0).
 */
export function releaseCadence(releases: DatedRelease[]) {
  const perYear: Record<string, number> = {};
  for (const r of releases) if (r.year !== null) perYear[r.year] = (perYear[r.year] ?? 0) + 1;
  const days = releases
    .filter((r) => r.precision === "day" && r.date !== null)
    .map((r) => Date.parse(`${r.date}T00:00:00Z`) / 86_400_000)
    .sort((a, b) => a - b);
  const gaps = days.slice(1).map((day, i) => day - days[i]);
  const years = Object.keys(perYear).map(Number);
  const span = years.length ? Math.max(...years) - Math.min(...years) + 1 : 0;
  return {
    gamesWithReleaseYear: Object.values(perYear).reduce((a, b) => a + b, 0),
    gamesWithoutReleaseDate: releases.filter((r) => r.year === null).length,
    releasesPerYear: perYear,
    averageReleasesPerActiveYear: years.length ? Math.round((Object.values(perYear).reduce((a, b) => a + b, 0) / years.length) * 100) / 100 : null,
    yearsSpanned: span,
    firstRelease: days.length ? isoDay(days[0]) : null,
    latestRelease: days.length ? isoDay(days[days.length - 1]) : null,
    dayPrecisionReleases: days.length,
    medianDaysBetweenReleases: median(gaps),
  };
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
