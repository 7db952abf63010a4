import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_STATUS } from "@/lib/api/error-codes";
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
const path = fc.constantFrom("/games", "/tags", "/games/570", "/status", "/games/0x10", "/games/%20", "/games/%2F", "/games/%E0%A4%A", "/tags/%");

function checkEnvelope(res: { status: number; headers: Headers; body: any }) {
  expect(res.status).toBeLessThan(500);
  expect(typeof res.body).toBe("object");
  const id = res.status === 200 ? res.body.meta?.requestId : res.body.error?.requestId;
  expect(id).toMatch(/^req_/);
  expect(res.headers.get("request-id")).toBe(id);
  if (res.status !== 200) {
    expect(ERROR_CODES).toContain(res.body.error.code);
    expect(ERROR_STATUS[res.body.error.code as keyof typeof ERROR_STATUS]).toBe(res.status);
    expect(typeof res.body.error.message).toBe("string");
  } else {
    expect(res.body).toHaveProperty("data");
    expect(res.body.meta.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  }
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

const segment = fc.oneof(
  fc.constantFrom("games", "tags", "status", "count", "570", "openapi.json", "api", "v1", "workspaces", "%2F", "%25", "%00", "%", "%E0%A4%A", "%C0%AF", "%FF"),
  fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }).map(encodeURIComponent),
  // "." and ".." are resolved by the client's URL parser before sending, so they never reach /api/v1
).filter((s) => !/^(\.|%2e){1,2}$/i.test(s));

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

describe("random paths and app ids", () => {
  it("app ids: numbers of any size and junk are 200 for that game, 400 or 404, never anything else", async () => {
    const appId = fc.oneof(
      fc.integer({ min: -10, max: 3_000_000 }).map(String),
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
      // "." and ".." are dot-segments the URL resolves before sending (/games/. is the list): not an app id
      fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent).filter((id) => id !== "." && id !== ".."),
      fc.constantFrom("570", "0570", "+570", "570%00", "%2D1", "NaN", "Infinity", "1_000", "٥٧٠"),
    );
    await fc.assert(
      fc.asyncProperty(appId, async (id) => {
        const res = await api(`/games/${id}`);
        checkEnvelope(res);
        expect([200, 400, 404]).toContain(res.status);
        // the game answered is the one asked for (strict number syntax is tested in game-detail.test.ts)
        if (res.status === 200) expect(res.body.data.appId).toBe(Number(decodeURIComponent(id)));
        if (res.status === 404) expect(res.body.error.param).toBe("appId");
      }),
      { numRuns: 150 },
    );
  });

  it("any path under /api/v1 answers in an envelope, and unknown ones are NOT_FOUND", async () => {
    const known = /^\/(games|tags|status|games\/count|games\/\d+)$/;
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), async (segments) => {
        const path = `/${segments.join("/")}`;
        const res = await api(`/api/v1${path}`);
        if (path === "/openapi.json") return;
        checkEnvelope(res);
        // /games/<junk> is the game route with an invalid appId, and a path that does not decode is malformed:
        // BAD_REQUEST, not NOT_FOUND
        const malformed = !decodes(path);
        if (malformed) expect(res.status, path).toBe(400);
        else if (!known.test(path) && !(res.status === 400 && /^\/games\/[^/]+$/.test(path))) {
          expect(res.status, path).toBe(404);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("any method with junk on /tags and /games answers in an envelope", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE"), fc.constantFrom("/tags", "/games", "/games/570", "/status"), fc.string({ maxLength: 200 }), async (method, path, junk) => {
        const res = await api(`${path}?q=${encodeURIComponent(junk)}`, { method, body: method === "GET" ? undefined : junk });
        checkEnvelope(res);
        if (method !== "GET") expect(res.status).toBe(405);
      }),
      { numRuns: 100 },
    );
  });
});

