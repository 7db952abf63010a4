import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "@/lib/api/error-codes";
import { api } from "../support/http";

const names = fc.constantFrom("q", "tags", "tagsExclude", "genres", "releasedFrom", "releasedTo", "priceMin", "priceMax",
  "reviewsMin", "reviewsMax", "ratingMin", "platforms", "developer", "publisher", "coverage", "sort", "fields", "limit",
  "offset", "unknown", "__proto__", "constructor", "LIMIT", "tags[]");
const values = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom("", "-1", "1e309", "NaN", "null", "' OR 1=1 --", "%", "_", "\\", "rpg,indie", "2023-13", "9".repeat(400), "%E0%A4%A"),
  fc.string({ maxLength: 2000 }),
);
// Malformed percent-encoding in the *path* (e.g. /games/%E0%A4%A) is answered by Next.js's router with a
// plain-text 500 before any application code runs; it is left out here and noted in docs/known-limits.md.
const path = fc.constantFrom("/games", "/tags", "/games/570", "/status", "/games/0x10", "/games/%20", "/games/%2F");

function checkEnvelope(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBeLessThan(500);
  expect(typeof res.body).toBe("object");
  const id = res.status === 200 ? res.body.meta?.requestId : res.body.error?.requestId;
  expect(id).toMatch(/^req_/);
  expect(res.headers.get("request-id")).toBe(id);
  if (res.status !== 200) expect(ERROR_CODES).toContain(res.body.error.code);
}

describe("random input never yields a 5xx, always an envelope", () => {
  it("query parameters", async () => {
    await fc.assert(
      fc.asyncProperty(path, fc.array(fc.tuple(names, values), { maxLength: 4 }), async (p, params) => {
        const query = params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
        checkEnvelope(await api(`${p}?${query}`));
      }),
      { numRuns: 250 },
    );
  });

  it("raw, unencoded junk in paths and queries", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), async (junk) => {
        const safe = junk.replace(/[#?\s]/g, "x");
        const res = await api(`/games?q=${safe}&tags=${safe}`);
        checkEnvelope(res);
        const deep = await api(`/${encodeURIComponent(junk)}/games`);
        checkEnvelope(deep);
      }),
      { numRuns: 100 },
    );
  });
});
