import { notFound } from "../api/api-error";
import { getPrisma } from "../db/prisma-client";

export interface GameHeader {
  appId: number;
  name: string;
}

/** The game's id and name, or NOT_FOUND naming `appId`: the first step of every per-title operation. */
export async function requireGame(appId: number): Promise<GameHeader> {
  const game = await getPrisma().game.findUnique({ where: { appId }, select: { appId: true, name: true } });
  if (!game) throw notFound(`No game with appId ${appId}.`, "appId");
  return game;
}
