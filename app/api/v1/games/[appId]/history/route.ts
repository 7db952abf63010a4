// GET /api/v1/games/{appId}/history: snapshot history of one game
import { apiRoute } from "@/lib/rest/api-route";
import { getGameHistory } from "@/lib/operations/get-game-history";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getGameHistory);
