import { z } from "zod";
import { defineOperation } from "../api/operation";
import { dayParam, integerParam } from "../api/query-params";
import { gameDetailSchema } from "../market/game-schema";
import { getGameDetail } from "../market/get-game";
import { withFreshness } from "./with-freshness";

export const getGame = withFreshness(defineOperation({
  id: "getGame",
  method: "GET",
  path: "/games/{appId}",
  summary: "One game",
  description:
    "Everything Ludex holds on one Steam app: catalog, release, price, platforms, genres, categories, tags in store order, review counts and Steam's label, owners range, CCU, playtime, store details, the snapshot series, and estimated sales and revenue (the review model of docs/estimates.md: copies per review fitted on publicly reported sales, from the review count, release year, price and age; 80% interval; never mixed with observed figures), each field family with its source and observation date. With `asOf` the estimates are of that day: the review count on it is interpolated between the review observations around it (named in `basis.observations`), taken from the last one when the day is after it (saying so in `note`, never extrapolated); before the first observation, accrued from zero at the release along the review curve our snapshots show (saying so in `note`), and none before the release or where the release was never dated.",
  group: "Games",
  costClass: "baseline",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["owners", "ccu", "players", "playtime", "snapshots", "storeDetails", "estimates"],
  query: z.object({
    asOf: dayParam()
      .optional()
      .meta({ description: "Day (YYYY-MM-DD) the estimates describe; default: the latest review observation." }),
  }),
  params: z.object({
    appId: integerParam({ min: 1, max: 2_147_483_647 }).meta({ description: "Steam app id." }),
  }),
  data: gameDetailSchema,
  paginated: false,
  example: { params: { appId: "570" } },
  async handler({ params, query }) {
    return { data: await getGameDetail(params.appId, query.asOf) };
  },
}));
