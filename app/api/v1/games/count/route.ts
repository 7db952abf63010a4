// GET /api/v1/games/count: count games
import { apiRoute } from "@/lib/rest/api-route";
import { countGamesOperation } from "@/lib/operations/count-games";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(countGamesOperation);
