// GET /api/v1/tags: list and search tags
import { apiRoute } from "@/lib/rest/api-route";
import { listTags } from "@/lib/operations/list-tags";

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = apiRoute(listTags);
