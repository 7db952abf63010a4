// GET /api/v1/status: service and workspace status
import { apiRoute } from "@/lib/api/api-route";
import { getStatus } from "@/lib/operations/get-status";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute(getStatus);
