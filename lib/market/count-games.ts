import { getPrisma } from "../db/prisma-client";
import { buildGameWhere, type GameFilterInput } from "./game-filters";

/** How many games match the `GET /games` filters. */
export async function countGames(filters: GameFilterInput): Promise<number> {
  const where = await buildGameWhere(filters);
  const rows = await getPrisma().$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM games g ${where}`;
  return rows[0]?.total ?? 0;
}
