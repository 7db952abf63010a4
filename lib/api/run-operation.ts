import { ApiError } from "./api-error";
import { errorEnvelope, successEnvelope } from "./envelope";
import type { Operation } from "./operation";
import { parsePathParams, parseQuery } from "./query-params";
import { newRequestId } from "./request-id";

/** The shared pipeline: request id, validation, handler, envelope, and errors that leak nothing. */
export async function runOperation(
  operation: Operation,
  request: Request,
  pathParams: Record<string, string | string[]>,
): Promise<Response> {
  const requestId = newRequestId();
  try {
    const query = parseQuery(operation.query, new URL(request.url).searchParams);
    const params = parsePathParams(operation.params, pathParams);
    const result = await operation.handler({ query, params, requestId, request });
    return jsonResponse(200, successEnvelope(result, requestId), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

export function errorResponse(error: unknown, requestId = newRequestId()): Response {
  const apiError = error instanceof ApiError ? error : internalError(error, requestId);
  return jsonResponse(apiError.status, errorEnvelope(apiError, requestId), requestId, apiError.headers);
}

export function jsonResponse(
  status: number,
  body: unknown,
  requestId: string,
  headers: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Request-Id": requestId,
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

function internalError(error: unknown, requestId: string): ApiError {
  // The cause goes to the log with the request id; the client sees nothing of it.
  console.error(`[${requestId}] internal error:`, error);
  return new ApiError("INTERNAL_ERROR", `Something went wrong on our side. Quote ${requestId} when reporting it.`);
}
