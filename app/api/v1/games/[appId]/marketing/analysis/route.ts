// GET /api/v1/games/{appId}/marketing/analysis: marketing analysis of one game
import { apiRoute } from "@/lib/rest/api-route";
import { getMarketingAnalysis } from "@/lib/operations/get-marketing-analysis";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getMarketingAnalysis);
