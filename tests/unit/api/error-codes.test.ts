import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { ERROR_CODES, ERROR_DESCRIPTIONS, ERROR_STATUS } from "@/lib/api/error-codes";
import { errorResponse } from "@/lib/api/responses";
import { REQUEST_ID_PATTERN } from "@/lib/api/request-id";

afterEach(() => vi.restoreAllMocks());

describe("the error-code table", () => {
  it("has the spec's codes with the spec's statuses", () => {
    expect(ERROR_STATUS).toMatchObject({
      BAD_REQUEST: 400,
      INVALID_TAG: 400,
      UNAUTHORIZED: 401,
      PLAN_REQUIRED: 402,
      FORBIDDEN: 403,
      QUOTA_EXCEEDED: 429,
      RATE_LIMITED: 429,
    });
  });

  it("gives every code an HTTP error status and a description", () => {
    expect(ERROR_CODES.length).toBeGreaterThanOrEqual(7);
    for (const code of ERROR_CODES) {
      expect(code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(ERROR_STATUS[code] >= 400 && ERROR_STATUS[code] <= 599, code).toBe(true);
      expect(ERROR_DESCRIPTIONS[code]?.length ?? 0, code).toBeGreaterThan(10);
    }
    expect(Object.keys(ERROR_DESCRIPTIONS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("ApiError takes its status from the table", () => {
    for (const code of ERROR_CODES) expect(new ApiError(code, "x").status).toBe(ERROR_STATUS[code]);
  });
});

describe("errorResponse", () => {
  it("answers an ApiError with its status, the envelope, Request-Id and its headers", async () => {
    const error = new ApiError("RATE_LIMITED", "Slow down.", { headers: { "Retry-After": "7" } });
    const response = errorResponse(error, "req_0000000000aaaaaaaaaaaa");
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("request-id")).toBe("req_0000000000aaaaaaaaaaaa");
    expect(response.headers.get("retry-after")).toBe("7");
    expect(await response.json()).toEqual({ error: { code: "RATE_LIMITED", message: "Slow down.", requestId: "req_0000000000aaaaaaaaaaaa" } });
  });

  it("turns anything else into a 500 INTERNAL_ERROR that leaks nothing of the cause", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const secret = new Error("password=hunter2 at PrismaClient.query (/work/main/lib/db/prisma-client.ts:42) SELECT * FROM tokens");
    const response = errorResponse(secret);
    expect(response.status).toBe(500);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(Object.keys(body.error).sort()).toEqual(["code", "message", "requestId"]);
    expect(body.error.code).toBe("INTERNAL_ERROR");
    expect(body.error.requestId).toMatch(REQUEST_ID_PATTERN);
    expect(body.error.message).toContain(body.error.requestId);
    expect(response.headers.get("request-id")).toBe(body.error.requestId);
    for (const leak of ["hunter2", "Prisma", "prisma-client", "SELECT", "tokens", "/work/"]) expect(text).not.toContain(leak);
    // the cause goes to the server log with the request id instead
    expect(String(logged.mock.calls[0]?.[0])).toContain(body.error.requestId);
  });

  it("leaks nothing of thrown non-Error values either", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const text = await errorResponse({ connectionString: "postgres://user:secret@db" }).text();
    expect(text).not.toContain("secret");
    expect(JSON.parse(text).error.code).toBe("INTERNAL_ERROR");
  });
});
