// GET /api/v1/developers/{slug}: one developer: portfolio, totals and release cadence
import { apiRoute } from "@/lib/rest/api-route";
import { getDeveloper } from "@/lib/operations/get-developer";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getDeveloper);
