import { z } from "zod";
import { defineOperation } from "../api/operation";
import { countGames } from "../market/count-games";
import { gameFilterQuery } from "../market/game-filters";
import { withFreshness } from "./with-freshness";

export const countGamesOperation = withFreshness(defineOperation({
  id: "countGames",
  method: "GET",
  path: "/games/count",
  summary: "Count games",
  description:
    "How many games match the `GET /games` filters, with the filters echoed back as understood (release bounds resolved to days). Games whose value for a filtered field was not collected are not counted by that filter.",
  group: "Games",
  costClass: "counts",
  scope: "market:read",
  anonymous: "preview",
  query: z.object(gameFilterQuery),
  params: z.object({}),
  data: z
    .object({
      count: z.number().int(),
      filters: z.record(z.string(), z.unknown()).meta({ description: "The filters applied, after validation." }),
    })
    .meta({ id: "GameCount" }),
  paginated: false,
  async handler({ query }) {
    const filters = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
    return { data: { count: await countGames(query), filters } };
  },
}));
