import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ApiError } from "../api/api-error";
import { successEnvelope } from "../api/envelope";
import type { OperationResult } from "../api/operation";
import type { Exchange } from "../pipeline/execute-operation";

/** Where MCP clients find what a call cost: in `_meta`, and as `meta.credits` in the structured result (many agents never see `_meta`). */
export const CREDITS_META_KEY = "dev.ludex/credits";

export interface CreditsLine {
  charged: number;
  used: number;
  remaining: number;
  resetsAt: string;
}

function creditsOf(exchange: Exchange): CreditsLine | undefined {
  const quota = exchange.meta.quota as (CreditsLine & { limit: number }) | undefined;
  if (!quota) return undefined;
  return { charged: quota.charged, used: quota.used, remaining: quota.remaining, resetsAt: quota.resetsAt };
}

/** A successful call: the REST envelope as structured content (and as text for clients that read only text). */
export function toolSuccess(result: OperationResult<unknown>, exchange: Exchange): CallToolResult {
  const credits = creditsOf(exchange);
  const body = successEnvelope(
    {
      data: result.data,
      pagination: result.pagination,
      warnings: [...exchange.warnings, ...(result.warnings ?? [])],
      meta: { ...exchange.meta, ...result.meta, ...(credits ? { credits } : {}) },
    },
    exchange.requestId,
  );
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body,
    _meta: { ...(credits ? { [CREDITS_META_KEY]: credits } : {}), "dev.ludex/requestId": exchange.requestId },
  };
}

export interface FlatError {
  code: string;
  message: string;
  param?: string;
  retryAfterSeconds?: number;
  requestId: string;
}

/** A failed call: `isError` with the flat `{code, message, retryAfterSeconds?}`, the REST codes one to one. */
export function toolError(error: unknown, exchange: Pick<Exchange, "requestId">): CallToolResult {
  const apiError = error instanceof ApiError ? error : internal(error, exchange.requestId);
  const retryAfter = Number(apiError.headers["Retry-After"]);
  const flat: FlatError = {
    code: apiError.code,
    message: apiError.message,
    ...(apiError.param ? { param: apiError.param } : {}),
    ...(Number.isFinite(retryAfter) && apiError.headers["Retry-After"] ? { retryAfterSeconds: retryAfter } : {}),
    requestId: exchange.requestId,
  };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(flat) }], _meta: { "dev.ludex/error": flat } };
}

function internal(error: unknown, requestId: string): ApiError {
  console.error(`[${requestId}] internal error in an MCP tool call:`, error);
  return new ApiError("INTERNAL_ERROR", `Something went wrong on our side. Quote ${requestId} when reporting it.`);
}
