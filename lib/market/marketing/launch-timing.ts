import { getPrisma } from "../../db/prisma-client";
import type { GameSummary } from "../game-schema";
import { cohortGames, cohortPair, describeCohort, round, SMALL_COHORT, type Cohort } from "./cohort";

/** Release month against how the cohort's releases spread over the months (dates known to the month). */
export async function launchTiming(game: GameSummary, cohort: Cohort | null, cohortReason: string | null) {
  const { date, precision } = game.release;
  const month = date && (precision === "day" || precision === "month") ? Number(date.slice(5, 7)) : null;
  const own = { releaseDate: date, precision, month };
  if (month === null) return { ...own, sameYear: null, allYears: null, reason: "release month not collected for this game" };
  if (!cohort) return { ...own, sameYear: null, allYears: null, reason: cohortReason };
  const [sameYear, allYears] = await cohortPair(cohort, (c) => monthDensity(c, month));
  return { ...own, sameYear, allYears, reason: null };
}

async function monthDensity(cohort: Cohort, month: number) {
  const rows = await getPrisma().$queryRaw<{ month: number; n: number }[]>`
    SELECT extract(month FROM g.release_date)::int AS month, count(*)::int AS n
    FROM ${cohortGames(cohort)} AND g.release_precision IN ('day', 'month') GROUP BY 1`;
  const byMonth = Array.from({ length: 12 }, (_, i) => rows.find((r) => r.month === i + 1)?.n ?? 0);
  const size = byMonth.reduce((a, b) => a + b, 0);
  const same = byMonth[month - 1];
  return {
    definition: `${describeCohort(cohort)}, release date known to the month`,
    size,
    small: size < SMALL_COHORT,
    releasesByMonth: byMonth,
    releasesInGameMonth: same,
    shareInGameMonth: size ? round(same / size) : null,
    busierMonths: byMonth.filter((n) => n > same).length,
  };
}
