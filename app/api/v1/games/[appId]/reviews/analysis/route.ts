// GET /api/v1/games/{appId}/reviews/analysis: review analysis of one game
import { apiRoute } from "@/lib/rest/api-route";
import { analyseReviewsOperation } from "@/lib/operations/analyse-reviews";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(analyseReviewsOperation);
