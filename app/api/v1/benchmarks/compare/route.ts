// GET /api/v1/benchmarks/compare: Compare titles side by side
import { apiRoute } from "@/lib/rest/api-route";
import { compareTitlesOperation } from "@/lib/operations/compare-titles";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(compareTitlesOperation);
