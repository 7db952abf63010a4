import { describe, expect, it } from "vitest";
import { newRequestId, REQUEST_ID_PATTERN } from "@/lib/api/request-id";

describe("request ids", () => {
  it("have the form req_<22 lower-case Crockford base32 characters>", () => {
    const id = newRequestId();
    expect(id).toMatch(/^req_[0-9a-hjkmnp-tv-z]{22}$/);
    expect(id).toMatch(REQUEST_ID_PATTERN);
  });

  it("are unique over many calls in the same millisecond", () => {
    const now = Date.now();
    const ids = Array.from({ length: 10_000 }, () => newRequestId(now));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("sort by time: a later id sorts after an earlier one, as strings", () => {
    const times = [0, 1, 31, 32, 1_000, Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 1) + 1, Date.UTC(2099, 11, 31)];
    const ids = times.map((t) => newRequestId(t));
    expect([...ids].sort()).toEqual(ids);
    // the same millisecond shares the 10-character time prefix
    expect(newRequestId(123_456).slice(0, 14)).toBe(newRequestId(123_456).slice(0, 14));
  });
});
