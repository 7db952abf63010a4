import { expect } from "vitest";
import { ERROR_STATUS } from "@/lib/api/error-codes";
import type { ApiResponse } from "./http";

export const ISO_MS_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const REQUEST_ID = /^req_[0-9a-z]{22}$/;

/** What every success must look like: data, meta.requestId = Request-Id header, generatedAt with ms, pagination on lists. */
export function expectSuccess(res: ApiResponse, options: { list: boolean }) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.body).toHaveProperty("data");
  expect(res.body.meta.requestId).toMatch(REQUEST_ID);
  expect(res.headers.get("request-id")).toBe(res.body.meta.requestId);
  expect(res.body.meta.generatedAt).toMatch(ISO_MS_UTC);
  expect(Math.abs(Date.parse(res.body.meta.generatedAt) - Date.now())).toBeLessThan(5 * 60_000);
  if (!options.list) {
    expect(res.body).not.toHaveProperty("pagination");
    return;
  }
  expect(Array.isArray(res.body.data)).toBe(true);
  const { limit, offset, total, nextOffset, ...rest } = res.body.pagination;
  expect(rest).toEqual({});
  expect([limit, offset, total].every(Number.isInteger)).toBe(true);
  expect(res.body.data.length).toBeLessThanOrEqual(limit);
  expect(res.body.data.length).toBe(Math.max(0, Math.min(limit, total - offset)));
  if (offset + limit < total) expect(nextOffset).toBe(offset + limit);
  else expect(res.body.pagination).not.toHaveProperty("nextOffset");
}

/** The error envelope with a known code, its status, matching request ids, and `param` when given. */
export function expectError(res: ApiResponse, status: number, code: string, param?: string) {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(status);
  expect(res.headers.get("content-type") ?? "(no content-type)").toMatch(/^application\/json/);
  expect(res.body.error.code).toBe(code);
  expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS]).toBe(status);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.message.length).toBeGreaterThan(0);
  expect(res.body.error.requestId).toMatch(REQUEST_ID);
  expect(res.headers.get("request-id")).toBe(res.body.error.requestId);
  if (param !== undefined) expect(res.body.error.param).toBe(param);
  expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|prisma|SELECT |node_modules|\/work\//i);
}
