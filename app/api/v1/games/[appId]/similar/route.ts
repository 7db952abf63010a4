// GET /api/v1/games/{appId}/similar: games similar by tags
import { apiRoute } from "@/lib/rest/api-route";
import { listSimilarGames } from "@/lib/operations/list-similar-games";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(listSimilarGames);
