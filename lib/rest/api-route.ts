import { authenticate } from "../access/authenticate";
import { clientAddress } from "../access/client-address";
import { ApiError } from "../api/api-error";
import type { Operation } from "../api/operation";
import { newRequestId } from "../api/request-id";
import { errorResponse, successResponse } from "../api/responses";
import { authFailureGuard } from "../metering/auth-failures";
import { executeOperation, newExchange } from "../pipeline/execute-operation";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** Every route under /api/v1 reads only: HEAD answers like GET without a body, OPTIONS lists these. */
export const ALLOWED_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
const REFUSED_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
type RefusedMethod = (typeof REFUSED_METHODS)[number];

/**
 * Route handlers for one bearer-API operation: GET and HEAD run it (HEAD is charged like GET, see
 * lib/pipeline/execute-operation.ts), OPTIONS lists the methods that work, and the others are METHOD_NOT_ALLOWED.
 */
export function apiRoute(operation: Operation): Record<"GET" | "HEAD" | "OPTIONS" | RefusedMethod, RouteHandler> {
  const handle: RouteHandler = async (request, context) => {
    let params: Record<string, string | string[]>;
    try {
      params = (await context.params) ?? {};
    } catch {
      // The router could not decode the path (malformed percent-encoding): the client's error, not ours.
      return errorResponse(new ApiError("BAD_REQUEST", "The request path is not valid percent-encoded UTF-8."));
    }
    return runRestCall(operation, request, params);
  };
  return { GET: handle, HEAD: handle, ...readOnlyMethods() };
}

/**
 * The bearer front door: the caller is the request's bearer token (or an anonymous address), the answer
 * the REST envelope. Cookies are never read here.
 */
async function runRestCall(operation: Operation, request: Request, pathParams: Record<string, string | string[]>) {
  const exchange = newExchange(newRequestId());
  try {
    const address = clientAddress(request);
    const result = await executeOperation(
      {
        operation,
        method: request.method === "HEAD" ? "HEAD" : "GET",
        searchParams: new URL(request.url).searchParams,
        pathParams,
        identify: (fresh) => authenticate(request, address, fresh, authFailureGuard(address)),
      },
      exchange,
    );
    return successResponse(result, exchange);
  } catch (error) {
    return errorResponse(error, exchange.requestId, exchange.headers);
  }
}

/** OPTIONS and the refused methods, for any read-only route (the operations and the OpenAPI document). */
export function readOnlyMethods(): Record<"OPTIONS" | RefusedMethod, RouteHandler> {
  const refuse: RouteHandler = async (request) => methodNotAllowed(request.method, ["GET"]);
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { Allow: ALLOWED_METHODS.join(", ") } });
  return { OPTIONS: options, POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse };
}

export function methodNotAllowed(method: string, use: string[]): Response {
  return errorResponse(
    new ApiError("METHOD_NOT_ALLOWED", `${method.slice(0, 20)} is not allowed here; use ${use.join(" or ")}.`, {
      headers: { Allow: ALLOWED_METHODS.join(", ") },
    }),
  );
}
