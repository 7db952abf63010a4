import { defineOperation } from "../api/operation";
import { requireGame } from "../market/game-exists";
import { gameHistory } from "../market/history/game-history";
import { historySchema } from "../market/history/history-schema";
import { z } from "zod";
import { ApiError } from "../api/api-error";
import { dayParam } from "../api/query-params";
import { HISTORY_STEPS } from "../market/history/history-step";
import { appIdParams } from "./app-id-param";
import { withFreshness } from "./with-freshness";

export const getGameHistory = withFreshness(defineOperation({
  id: "getGameHistory",
  method: "GET",
  path: "/games/{appId}/history",
  summary: "History of one game (a point a day where the sync runs)",
  description:
    "One game's observations over time, by measure family (reviews, owners, CCU, players, price and discount), each point dated and labelled with its source: the bundled snapshots (Steam review statistics as of 2018-07-01, SteamSpy of 2023-02-04 and 2025-01-01) and, where the sync runs, a point a day (hot titles) or a week (the rest) from Steam's own review totals (`steam-appreviews`), store prices (`steam-store`), concurrent players (`steam-players`) and SteamSpy's daily pages (`steamspy`). `from`/`to` bound the window and `step` thins it to the last observation of each week or month per source. A source that collects a measure but lacked it that day gives a `null` point: gaps stay gaps, nothing is carried forward or zeroed. `deltas` list each change of a measure since the same collector's previous observation (a collector's first is compared with the latest of another, flagged `sameCollector: false`: counting may differ). `discounts` are the sales seen, each start and end bounded by the observations around it. Owners are SteamSpy's estimate (a range), the rest observed. `estimates` gives the estimated sales and revenue as of each review observation. Owners, CCU, players and estimates are locked in the anonymous preview.",
  group: "Games",
  costClass: "baseline",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["owners", "ccu", "players", "estimates"],
  query: z.object({
    from: dayParam().optional().meta({ description: "First day (YYYY-MM-DD) of the window; default: the first observation." }),
    to: dayParam().optional().meta({ description: "Last day of the window; default: the latest observation." }),
    step: z.enum(HISTORY_STEPS).prefault("day").meta({ description: "`day` (every observation), `week` or `month` (per source, the last observation of each)." }),
  }),
  params: appIdParams,
  data: historySchema,
  paginated: false,
  example: { params: { appId: "48000" } },
  async handler({ params, query }) {
    if (query.from && query.to && query.from > query.to) throw new ApiError("BAD_REQUEST", "`from` is after `to`.", { param: "from" });
    const game = await requireGame(params.appId);
    const history = await gameHistory(game.appId, { from: query.from ?? null, to: query.to ?? null, step: query.step });
    const windowed = query.from || query.to ? ` between ${query.from ?? "the first observation"} and ${query.to ?? "the latest"}` : "";
    const warnings =
      history.observations.length === 0
        ? [{ code: "NO_SNAPSHOTS", message: `No snapshot source observed ${game.name} (${game.appId})${windowed}; its series are empty.` }]
        : [];
    return { data: { appId: game.appId, name: game.name, ...history }, warnings };
  },
}));
