// ANY /api/v1/*: unknown paths answer NOT_FOUND in the error envelope
import { ApiError } from "@/lib/api/api-error";
import { errorResponse } from "@/lib/api/responses";

function notFound(request: Request): Response {
  const path = new URL(request.url).pathname;
  return errorResponse(new ApiError("NOT_FOUND", `No operation at ${request.method} ${path.slice(0, 200)}. See /api/v1/openapi.json.`));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
