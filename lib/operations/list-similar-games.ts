import { z } from "zod";
import { integerParam } from "../api/query-params";
import { buildPagination, pageQuery } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { requireGame } from "../market/game-exists";
import { similarGames, similarityBasis } from "../market/similar-games";
import { similarGameSchema } from "../market/similar-schema";
import { appIdParams } from "./app-id-param";
import { withFreshness } from "./with-freshness";

export const listSimilarGames = withFreshness(defineOperation({
  id: "listSimilarGames",
  method: "GET",
  path: "/games/{appId}/similar",
  summary: "Games similar by tags",
  description:
    "The games nearest to one game by weighted overlap of user tags, most similar first (ties: most reviewed). A tag's weight in a game is 1/its store rank (rank 1 weighs 1, rank 2 0.5, rank 3 0.33, ...), so the leading tags decide; the score is the weighted Jaccard index (see `score`). Every game sharing at least one tag is a candidate; `pagination.total` counts them. `meta.similarity` states the method and the requested game's tags with their weights. Limits: tags are known for about 17,500 games (two store sources: up to 7 tags from a 2023 scrape, the top 3 from 2019), so games with only 3 tags score lower against 7-tag games; a game without tags has no neighbours (an empty list and a `NO_TAGS` warning).",
  group: "Games",
  costClass: "counts",
  scope: "market:read",
  anonymous: "preview",
  query: z.object({
    reviewsMin: integerParam({ min: 0, max: 2_000_000_000 }).optional().meta({
      description: "Only games with at least this many total Steam reviews (games whose reviews were not collected are left out).",
    }),
    ...pageQuery,
  }),
  params: appIdParams,
  data: z.array(similarGameSchema),
  paginated: true,
  example: { params: { appId: "730" }, query: { limit: "10" } },
  async handler({ params, query }) {
    const game = await requireGame(params.appId);
    const basis = await similarityBasis(game.appId);
    const meta = { similarity: { method: "weighted-jaccard", tagWeight: "1/rank", appId: game.appId, name: game.name, ...basis } };
    if (basis.tags.length === 0) {
      return {
        data: [],
        pagination: buildPagination(query.limit, query.offset, 0),
        meta,
        warnings: [{ code: "NO_TAGS", message: `No user tags were collected for ${game.name} (${game.appId}), so no game can be compared with it.` }],
      };
    }
    const { items, total } = await similarGames(game.appId, query);
    return { data: items, pagination: buildPagination(query.limit, query.offset, total), meta };
  },
}));
