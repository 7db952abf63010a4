// GET /api/v1/tags: list and search tag slugs
import { apiRoute } from "@/lib/api/api-route";
import { listTags } from "@/lib/operations/list-tags";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute(listTags);
