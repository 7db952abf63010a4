// GET /api/v1/status: credit status and usage
import { apiRoute } from "@/lib/rest/api-route";
import { getStatus } from "@/lib/operations/get-status";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getStatus);
