// GET /api/v1/workspaces/{workspaceId}/usage: itemised usage ledger
import { apiRoute } from "@/lib/rest/api-route";
import { listUsage } from "@/lib/operations/list-usage";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(listUsage);
