import { z } from "zod";
import { getPrisma } from "../../db/prisma-client";
import { Prisma } from "../../db/generated/client";
import { buildGameWhere, type GameFilterInput } from "../game-filters";
import type { Family } from "./metrics";
import { BASIS_FAMILIES, basisColumns } from "./refresh-metrics";

export interface CohortScope {
  /** `WHERE ...` over alias `m` (game_metrics), or empty for the whole catalog */
  where: Prisma.Sql;
  /** an extra condition joins with AND */
  and: (condition: Prisma.Sql) => Prisma.Sql;
  /** the filters as understood, echoed back */
  filters: Record<string, unknown>;
}

/** The games matching the `GET /games` filters (same parser, same SQL), as a condition on game_metrics. */
export async function cohortScope(input: GameFilterInput): Promise<CohortScope> {
  const gameWhere = await buildGameWhere(input);
  const whole = gameWhere.strings.join("").trim() === "";
  const membership = Prisma.sql`m.app_id IN (SELECT g.app_id FROM games g ${gameWhere})`;
  const filters = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return {
    where: whole ? Prisma.empty : Prisma.sql`WHERE ${membership}`,
    and: (condition) => (whole ? Prisma.sql`WHERE ${condition}` : Prisma.sql`WHERE ${membership} AND ${condition}`),
    filters,
  };
}

export const basisSchema = z
  .array(
    z.object({
      source: z.string().meta({ description: "Source and snapshot, e.g. `steamspy-2025-01-01`." }),
      observedAt: z.string().meta({ description: "Observation day of that source (YYYY-MM-DD)." }),
      games: z.int().meta({ description: "Games whose value comes from it." }),
    }),
  )
  .meta({ id: "MetricBasis", description: "Where the values come from: each source and snapshot with the number of games it supplied." });

export type Basis = z.infer<typeof basisSchema>;

/**
 * Per field family: which source and snapshot supplied the values of the cohort's games, and for how many.
 * Counted per basis key (one per combination of sources, fixed at refresh) and folded per family here.
 */
export async function readBasis(scope: CohortScope): Promise<Record<Family, Basis>> {
  const rows = await getPrisma().$queryRaw<Record<string, string | number | null>[]>`
    SELECT k.games, b.*
    FROM (SELECT m.basis_key, count(*)::int AS games FROM game_metrics m ${scope.where} GROUP BY 1) k
    CROSS JOIN LATERAL (SELECT ${Prisma.raw(basisColumns("x").join(", "))} FROM game_metrics x WHERE x.basis_key = k.basis_key LIMIT 1) b`;
  const basis = {} as Record<Family, Basis>;
  for (const { family } of BASIS_FAMILIES) {
    const counts = new Map<string, Basis[number]>();
    for (const row of rows) {
      const source = row[`${family}_source`] as string | null;
      if (source === null) continue;
      const observedAt = row[`${family}_at`] as string;
      const entry = counts.get(`${source} ${observedAt}`) ?? { source, observedAt, games: 0 };
      entry.games += row.games as number;
      counts.set(`${source} ${observedAt}`, entry);
    }
    basis[family] = [...counts.values()].sort((a, b) => b.games - a.games || a.source.localeCompare(b.source));
  }
  return basis;
}
