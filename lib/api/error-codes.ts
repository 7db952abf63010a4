// One table from error code to HTTP status: the only place a status for an error is chosen.
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  INVALID_TAG: 400,
  UNAUTHORIZED: 401,
  PLAN_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  QUOTA_EXCEEDED: 429,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  BAD_REQUEST: "Request parameters fail validation; `param` names the offending parameter.",
  INVALID_TAG: "One or more `tags` values are not known tag slugs; `invalidValues` names them and `suggestions` offers replacements.",
  UNAUTHORIZED: "No token, or the token is invalid, expired, revoked or of the wrong type.",
  PLAN_REQUIRED: "The workspace's plan does not include API access.",
  FORBIDDEN: "The token is valid but not permitted for this resource.",
  NOT_FOUND: "No such resource or path.",
  METHOD_NOT_ALLOWED: "The path exists but not with this HTTP method; see the `Allow` header.",
  QUOTA_EXCEEDED: "The monthly credit allowance is exhausted; `Retry-After` gives the seconds until it resets.",
  RATE_LIMITED: "Too many requests in a short window; back off for `Retry-After` seconds.",
  INTERNAL_ERROR: "Something failed on our side. Quote the requestId when reporting it.",
  SERVICE_UNAVAILABLE:
    "The service is temporarily unavailable (its database cannot be reached or is restarting); nothing is charged. Retry after `Retry-After` seconds.",
};
