// GET /api/v1/games/{appId}: one game
import { apiRoute } from "@/lib/rest/api-route";
import { getGame } from "@/lib/operations/get-game";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getGame);
