import { defineOperation } from "../api/operation";
import { requireGame } from "../market/game-exists";
import { gameHistory } from "../market/history/game-history";
import { historySchema } from "../market/history/history-schema";
import { z } from "zod";
import { appIdParams } from "./app-id-param";

export const getGameHistory = defineOperation({
  id: "getGameHistory",
  method: "GET",
  path: "/games/{appId}/history",
  summary: "Snapshot history of one game",
  description:
    "One game's observations over time, by measure family (reviews, owners, CCU, price), each point dated and labelled with its source: Steam review statistics as of 2018-07-01, and the SteamSpy snapshots of 2023-02-04 and 2025-01-01. A source that did not observe a measure gives a `null` point: gaps stay gaps, nothing is carried forward or zeroed. `deltas` are the changes between consecutive observations of the same measure where both exist; `sameCollector: false` flags a change across collectors whose counting may differ. Owners are SteamSpy's estimate (a range), the rest observed. Many games have a single snapshot (no deltas), and games outside these sources have none. `estimates` gives the estimated sales and revenue as of each observation that counted reviews. Owners, CCU and estimates are locked in the anonymous preview.",
  group: "Games",
  costClass: "baseline",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["owners", "ccu", "estimates"],
  query: z.object({}),
  params: appIdParams,
  data: historySchema,
  paginated: false,
  example: { params: { appId: "48000" } },
  async handler({ params }) {
    const game = await requireGame(params.appId);
    const history = await gameHistory(game.appId);
    const warnings =
      history.observations.length === 0
        ? [{ code: "NO_SNAPSHOTS", message: `No snapshot source observed ${game.name} (${game.appId}); its series are empty.` }]
        : [];
    return { data: { appId: game.appId, name: game.name, ...history }, warnings };
  },
});
