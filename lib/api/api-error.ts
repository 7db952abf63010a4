import { ERROR_STATUS, type ErrorCode } from "./error-codes";

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
