import { ApiError } from "../api/api-error";
import { errorResponse } from "../api/responses";

/**
 * The answer for a path under /api/v1 that no operation serves. next.config.mjs rewrites paths whose
 * percent-encoding does not decode here too (the router cannot route them): those are the client's
 * malformed request, BAD_REQUEST, not a missing resource.
 */
export async function unknownPathResponse(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (!decodes(path)) {
    return errorResponse(new ApiError("BAD_REQUEST", "The request path is not valid percent-encoded UTF-8."));
  }
  return errorResponse(new ApiError("NOT_FOUND", `No operation at ${request.method.slice(0, 20)} ${path.slice(0, 200)}. See /api/v1/openapi.json.`));
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
