import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { errorEnvelope, successEnvelope } from "@/lib/api/envelope";

const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("successEnvelope", () => {
  it("wraps data with meta.requestId and an ISO 8601 UTC generatedAt with milliseconds", () => {
    const now = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 6));
    const body = successEnvelope({ data: { a: 1 } }, "req_x", now);
    expect(body).toEqual({ data: { a: 1 }, meta: { requestId: "req_x", generatedAt: "2025-01-02T03:04:05.006Z" } });
  });

  it("keeps milliseconds even when they are zero, and defaults generatedAt to now", () => {
    expect(successEnvelope({ data: null }, "req_x", new Date(Date.UTC(2025, 0, 1))).meta.generatedAt).toBe("2025-01-01T00:00:00.000Z");
    const before = Date.now();
    const generatedAt = successEnvelope({ data: [] }, "req_x").meta.generatedAt;
    expect(generatedAt).toMatch(ISO_MS_UTC);
    expect(Date.parse(generatedAt)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(generatedAt)).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("has no pagination or warnings keys when there are none (empty warnings included)", () => {
    const body = successEnvelope({ data: [], warnings: [] }, "req_x");
    expect(Object.keys(body).sort()).toEqual(["data", "meta"]);
    expect(JSON.parse(JSON.stringify(body))).not.toHaveProperty("warnings");
  });

  it("carries pagination and warnings when given, and extra meta objects next to requestId", () => {
    const pagination = { limit: 10, offset: 0, total: 11, nextOffset: 10 };
    const warnings = [{ code: "PREVIEW_LIMIT", message: "capped" }];
    const body = successEnvelope({ data: [1], pagination, warnings, meta: { preview: true } }, "req_x");
    expect(body.pagination).toEqual(pagination);
    expect(body.warnings).toEqual(warnings);
    expect(body.meta).toMatchObject({ requestId: "req_x", preview: true });
  });

  it("keeps data: null and data: [] as given (data is always present)", () => {
    expect(successEnvelope({ data: null }, "req_x")).toHaveProperty("data", null);
    expect(successEnvelope({ data: [] }, "req_x")).toHaveProperty("data", []);
  });
});

describe("errorEnvelope", () => {
  it("is {error: {code, message, requestId}} without param when none is relevant", () => {
    const body = errorEnvelope(new ApiError("NOT_FOUND", "No such path."), "req_y");
    expect(body).toEqual({ error: { code: "NOT_FOUND", message: "No such path.", requestId: "req_y" } });
  });

  it("names the offending parameter and merges details such as INVALID_TAG suggestions", () => {
    const error = new ApiError("INVALID_TAG", "Unknown tag", {
      param: "tags",
      details: { invalidValues: ["rpgg"], suggestions: { rpgg: ["rpg"] } },
    });
    expect(errorEnvelope(error, "req_z")).toEqual({
      error: { code: "INVALID_TAG", message: "Unknown tag", param: "tags", invalidValues: ["rpgg"], suggestions: { rpgg: ["rpg"] }, requestId: "req_z" },
    });
  });

  it("does not let details overwrite the request id", () => {
    const error = new ApiError("BAD_REQUEST", "x", { details: { requestId: "req_forged" } });
    expect(errorEnvelope(error, "req_real").error.requestId).toBe("req_real");
  });
});
