// GET /api/v1/games/aggregate: Aggregate games by year, month, tag, genre, platform or price
import { apiRoute } from "@/lib/rest/api-route";
import { aggregateGamesOperation } from "@/lib/operations/aggregate-games";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(aggregateGamesOperation);
