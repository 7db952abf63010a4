import { getPrisma } from "../../db/prisma-client";
import type { GameSummary } from "../game-schema";
import { cohortGames, cohortPair, describeCohort, round, SMALL_COHORT, type Cohort } from "./cohort";


/** The game's platforms and the share of its cohort (platforms collected) on each. */
export async function platformReach(game: GameSummary, cohort: Cohort | null, cohortReason: string | null) {
  const own = { platforms: game.platforms, basis: game.sources.platforms ?? null };
  if (!game.platforms) return { ...own, sameYear: null, allYears: null, reason: "platforms not collected for this game" };
  if (!cohort) return { ...own, sameYear: null, allYears: null, reason: cohortReason };
  const [sameYear, allYears] = await cohortPair(cohort, platformShares);
  return { ...own, sameYear, allYears, reason: null };
}

async function platformShares(cohort: Cohort) {
  const [row] = await getPrisma().$queryRaw<{ size: number; windows: number; mac: number; linux: number }[]>`
    SELECT count(*)::int AS size, count(*) FILTER (WHERE 'windows' = ANY(g.platforms))::int AS windows,
      count(*) FILTER (WHERE 'mac' = ANY(g.platforms))::int AS mac, count(*) FILTER (WHERE 'linux' = ANY(g.platforms))::int AS linux
    FROM ${cohortGames(cohort)} AND g.sources->'platforms' IS NOT NULL`;
  const share = (n: number) => (row.size ? round(n / row.size) : null);
  return {
    definition: `${describeCohort(cohort)}, platforms collected`,
    size: row.size,
    small: row.size < SMALL_COHORT,
    share: { windows: share(row.windows), mac: share(row.mac), linux: share(row.linux) },
  };
}
