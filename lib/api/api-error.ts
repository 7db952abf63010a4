import { ERROR_STATUS, type ErrorCode } from "./error-codes";
import { isConnectionFault, RETRY_AFTER_SECONDS } from "../db/connection-fault";

export interface ApiErrorOptions {
  param?: string;
  /** extra machine-readable fields merged into the error object, e.g. INVALID_TAG suggestions */
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The one error type every layer throws; the pipeline turns it into the error envelope. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly param?: string;
  readonly details?: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: ApiErrorOptions = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.param = options.param;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const badRequest = (message: string, param?: string) =>
  new ApiError("BAD_REQUEST", message, { param });

export const notFound = (message: string, param?: string) =>
  new ApiError("NOT_FOUND", message, { param });

/**
 * A database outage (unreachable, restarting, connection dropped) as the API answers it: 503 with
 * Retry-After, never a 500, so a client can tell it from a bug and back off. Undefined for other errors.
 */
export function serviceUnavailable(error: unknown): ApiError | undefined {
  if (error instanceof ApiError || !isConnectionFault(error)) return undefined;
  return new ApiError(
    "SERVICE_UNAVAILABLE",
    `The service is temporarily unavailable: its database cannot be reached right now. Nothing was charged for this call; retry in ${RETRY_AFTER_SECONDS} s.`,
    { headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
}

/** ApiErrors as they are, database outages as SERVICE_UNAVAILABLE; anything else is left to the surface's internal error. */
export function asApiError(error: unknown): unknown {
  return serviceUnavailable(error) ?? error;
}
