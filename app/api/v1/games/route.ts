// GET /api/v1/games: search and list games
import { apiRoute } from "@/lib/rest/api-route";
import { listGames } from "@/lib/operations/list-games";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(listGames);
