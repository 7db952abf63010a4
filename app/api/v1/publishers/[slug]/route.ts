// GET /api/v1/publishers/{slug}: one publisher: portfolio, totals and release cadence
import { apiRoute } from "@/lib/rest/api-route";
import { getPublisher } from "@/lib/operations/get-publisher";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(getPublisher);
