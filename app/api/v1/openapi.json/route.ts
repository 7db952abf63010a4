// GET /api/v1/openapi.json: the OpenAPI 3.1 document, generated from the operation registry
import { readOnlyMethods } from "@/lib/rest/api-route";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { OPERATIONS } from "@/lib/operations";

export const dynamic = "force-static";

export function GET() {
  return Response.json(buildOpenApiDocument(OPERATIONS), {
    headers: { "Cache-Control": "public, max-age=300" },
  });
}

export const { OPTIONS, POST, PUT, PATCH, DELETE } = readOnlyMethods();
