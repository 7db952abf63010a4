import { ApiError, serviceUnavailable } from "./api-error";
import { errorEnvelope, successEnvelope, type Warning } from "./envelope";
import type { OperationResult } from "./operation";
import { newRequestId } from "./request-id";

export function successResponse(
  result: OperationResult<unknown>,
  exchange: { requestId: string; headers: Record<string, string>; warnings: Warning[]; meta: Record<string, unknown> },
): Response {
  const body = successEnvelope(
    {
      data: result.data,
      pagination: result.pagination,
      warnings: [...exchange.warnings, ...(result.warnings ?? [])],
      meta: { ...exchange.meta, ...result.meta },
    },
    exchange.requestId,
  );
  return jsonResponse(200, body, exchange.requestId, exchange.headers);
}

export function errorResponse(error: unknown, requestId = newRequestId(), headers: Record<string, string> = {}): Response {
  const apiError = error instanceof ApiError ? error : (unavailable(error, requestId) ?? internalError(error, requestId));
  return jsonResponse(apiError.status, errorEnvelope(apiError, requestId), requestId, { ...headers, ...apiError.headers });
}

export function jsonResponse(status: number, body: unknown, requestId: string, headers: Record<string, string> = {}): Response {
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

function unavailable(error: unknown, requestId: string): ApiError | undefined {
  const apiError = serviceUnavailable(error);
  // One line for the operator (the outage is also logged by the pools); no stack: it is not a bug.
  if (apiError) console.warn(`[${requestId}] database unavailable: ${(error as Error).message?.split("\n")[0]}`);
  return apiError;
}

function internalError(error: unknown, requestId: string): ApiError {
  // The cause goes to the log with the request id; the client sees nothing of it.
  console.error(`[${requestId}] internal error:`, error);
  return new ApiError("INTERNAL_ERROR", `Something went wrong on our side. Quote ${requestId} when reporting it.`);
}
