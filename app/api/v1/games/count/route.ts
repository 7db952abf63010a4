// GET /api/v1/games/count: count games matching the GET /games filters
import { apiRoute } from "@/lib/api/api-route";
import { countGamesOperation } from "@/lib/operations/count-games";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute(countGamesOperation);
