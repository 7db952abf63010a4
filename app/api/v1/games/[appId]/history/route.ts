// GET /api/v1/games/{appId}/history: history of one game (a point a day where the sync runs)
import { apiRoute } from "@/lib/rest/api-route";
import { getGameHistory } from "@/lib/operations/get-game-history";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getGameHistory);
