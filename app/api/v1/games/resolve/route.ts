// GET /api/v1/games/resolve: resolve a title to app ids
import { apiRoute } from "@/lib/rest/api-route";
import { resolveGames } from "@/lib/operations/resolve-games";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(resolveGames);
