import { ApiError } from "./api-error";
import type { Operation } from "./operation";
import { errorResponse } from "./responses";
import { runOperation } from "./run-operation";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

const OTHER_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Route handlers for one bearer-API operation: the operation's method, and 405 for the others. */
export function apiRoute(operation: Operation): Record<"GET" | (typeof OTHER_METHODS)[number], RouteHandler> {
  const handle: RouteHandler = async (request, context) => {
    let params: Record<string, string | string[]>;
    try {
      params = (await context.params) ?? {};
    } catch {
      // The router could not decode the path (malformed percent-encoding): the client's error, not ours.
      return errorResponse(new ApiError("BAD_REQUEST", "The request path is not valid percent-encoded UTF-8."));
    }
    return runOperation(operation, request, params);
  };
  const notAllowed: RouteHandler = async (request) => methodNotAllowed(request.method, [operation.method]);
  return {
    GET: handle,
    POST: notAllowed,
    PUT: notAllowed,
    PATCH: notAllowed,
    DELETE: notAllowed,
  };
}

export function methodNotAllowed(method: string, allowed: string[]): Response {
  return errorResponse(
    new ApiError("METHOD_NOT_ALLOWED", `${method} is not allowed here; use ${allowed.join(", ")}.`, {
      headers: { Allow: allowed.join(", ") },
    }),
  );
}
