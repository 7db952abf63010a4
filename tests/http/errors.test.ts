import { describe, expect, inject, it } from "vitest";
import { examplePath } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";
import { workspaceWithKey } from "../support/admin";
import { expectError, expectSuccess } from "../support/envelope";
import { api } from "../support/http";

// Each operation's registry example: a request that succeeds (required parameters included).
const concrete = (op: (typeof OPERATIONS)[number]) => examplePath(op, inject("workspaceId"));

describe("unknown paths", () => {
  it.each(["", "/", "/nope", "/games/570/reviews", "/a/b/c/d/e/f/g", "/v2/games", "/Tags", "/games/570/tags/rpg"])(
    "GET /api/v1%s is NOT_FOUND in the envelope",
    async (path) => {
      const res = await api(`/api/v1${path}`);
      expectError(res, 404, "NOT_FOUND");
    },
  );

  it("an unknown path with a query string is still NOT_FOUND, not a validation error", async () => {
    expectError(await api("/nope?limit=abc"), 404, "NOT_FOUND");
  });
});

// RFC 9110: a 405's Allow lists what the resource supports, the same list OPTIONS gives.
const ALLOW = "GET, HEAD, OPTIONS";

describe("methods", () => {
  for (const op of OPERATIONS) {
    it.each(["POST", "PUT", "PATCH", "DELETE"])(`%s ${op.path} is METHOD_NOT_ALLOWED with Allow: ${ALLOW}`, async (method) => {
      const res = await api(concrete(op), { method, body: method === "DELETE" ? undefined : "{}" });
      expectError(res, 405, "METHOD_NOT_ALLOWED");
      expect(res.headers.get("allow")).toBe(ALLOW);
    });

    it(`OPTIONS ${op.path} lists only the methods that work`, async () => {
      const res = await api(concrete(op), { method: "OPTIONS" });
      expect(res.status).toBe(204);
      expect(res.headers.get("allow")).toBe(ALLOW);
    });

    it(`HEAD ${op.path} answers GET's status and headers without a body`, async () => {
      const [head, get] = await Promise.all([api(concrete(op), { method: "HEAD" }), api(concrete(op))]);
      expect([head.status, get.status]).toEqual([200, 200]);
      expect(head.body).toBe("");
      expect(head.headers.get("content-type")).toBe(get.headers.get("content-type"));
      expect(head.headers.get("request-id")).toMatch(/^req_/);
      expect(head.headers.get("ratelimit-policy")).toBe(get.headers.get("ratelimit-policy"));
    });
  }

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s /openapi.json is METHOD_NOT_ALLOWED in the envelope too", async (method) => {
    const res = await api("/openapi.json", { method });
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe(ALLOW);
  });

  it("OPTIONS /openapi.json does not advertise the methods it refuses", async () => {
    const res = await api("/openapi.json", { method: "OPTIONS" });
    expect(res.headers.get("allow")).toBe(ALLOW);
  });

  it("HEAD keeps GET's answer for errors: an unknown game is 404, a bad id 400", async () => {
    expect((await api("/games/2147483000", { method: "HEAD" })).status).toBe(404);
    expect((await api("/games/0x10", { method: "HEAD" })).status).toBe(400);
    expect((await api("/nope", { method: "HEAD" })).status).toBe(404);
  });

  it("HEAD on a metered operation is charged like GET, and refused like GET once the credits are spent", async () => {
    const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 3 });
    expect((await api("/games/570", { token: secret, method: "HEAD" })).status).toBe(200);
    expect((await api("/games/count?tags=rpg", { token: secret, method: "HEAD" })).status).toBe(200);
    const status = await api("/status", { token: secret });
    expect(status.body.data.workspace.credits).toMatchObject({ used: 3 });
    const head = await api("/games/570", { token: secret, method: "HEAD" });
    expect(head.status).toBe(429);
    expect(Number(head.headers.get("retry-after"))).toBeGreaterThan(0);
    expectError(await api("/games/570", { token: secret }), 429, "QUOTA_EXCEEDED");
  });

});

describe("INVALID_TAG", () => {
  it("tags=rpgg names the param, the unknown value and suggests rpg", async () => {
    const res = await api("/games?tags=rpgg");
    expectError(res, 400, "INVALID_TAG", "tags");
    expect(res.body.error.invalidValues).toEqual(["rpgg"]);
    expect(res.body.error.suggestions).toEqual({ rpgg: expect.arrayContaining(["rpg"]) });
  });

  it("tagsExclude is validated the same way and named", async () => {
    const res = await api("/games?tagsExclude=horrror");
    expectError(res, 400, "INVALID_TAG", "tagsExclude");
    expect(res.body.error.invalidValues).toEqual(["horrror"]);
    expect(res.body.error.suggestions.horrror[0]).toBe("horror");
  });

  it("mixed known and unknown: only the unknown are named, in the order given", async () => {
    const res = await api("/games?tags=indie,zzqqx,strategy,rpgg");
    expectError(res, 400, "INVALID_TAG", "tags");
    expect(res.body.error.invalidValues).toEqual(["zzqqx", "rpgg"]);
    expect(Object.keys(res.body.error.suggestions).sort()).toEqual(["rpgg", "zzqqx"]);
  });

  it("an alias spelled as a slug is rejected with the slug to use", async () => {
    const res = await api("/games?tags=roguelike");
    expectError(res, 400, "INVALID_TAG", "tags");
    expect(res.body.error.suggestions.roguelike).toEqual(["rogue-like"]);
  });

  it("count validates tags the same way", async () => {
    expectError(await api("/games/count?tagsExclude=rpgg"), 400, "INVALID_TAG", "tagsExclude");
  });
});

describe("BAD_REQUEST names the parameter", () => {
  it.each([
    ["/games?colour=red", "colour"],
    ["/games?Tags=rpg", "Tags"],
    ["/tags?offset=abc", "offset"],
    ["/tags?limit=0", "limit"],
    ["/tags?limit=101", "limit"],
    ["/tags?limit=1&limit=2", "limit"],
    ["/tags?tags=rpg", "tags"],
    ["/games?offset=-5", "offset"],
    ["/games?limit=5.5", "limit"],
    ["/games?priceMin=-1", "priceMin"],
    ["/games?reviewsMin=many", "reviewsMin"],
    ["/games?ratingMin=1.01", "ratingMin"],
    ["/games?ratingMin=-0.1", "ratingMin"],
    ["/games?releasedFrom=2023-02-30", "releasedFrom"],
    ["/games?releasedTo=2019-02-29", "releasedTo"],
    ["/games?releasedFrom=2023-13", "releasedFrom"],
    ["/games?releasedFrom=2020-06&releasedTo=2020-05", "releasedTo"],
    ["/games?releasedFrom=2020-05-02&releasedTo=2020-05-01", "releasedTo"],
    ["/games?reviewsMin=10&reviewsMax=9", "reviewsMax"],
    ["/games?tags=", "tags"],
    ["/games?q=", "q"],
    ["/games?q=a&q=b", "q"],
    ["/games?sort=-price", "sort"],
    ["/games?sort=name,ccu", "sort"],
    ["/games?platforms=windows,amiga", "platforms"],
    ["/games?genres=Strategy,Nope", "genres"],
    ["/games?developer=" + "x".repeat(201), "developer"],
    ["/games/count?sort=name", "sort"],
  ])("%s -> BAD_REQUEST param %s", async (path, param) => {
    expectError(await api(path), 400, "BAD_REQUEST", param);
  });

  // Number() would silently read these as 16, 0 and 1000.
  it.each([
    ["/games?limit=0x10", "limit"],
    ["/games?priceMin=", "priceMin"],
    ["/games?reviewsMin=1e3", "reviewsMin"],
    ["/tags?offset=", "offset"],
  ])("%s (not a decimal integer) -> BAD_REQUEST param %s", async (path, param) => {
    expectError(await api(path), 400, "BAD_REQUEST", param);
  });

  it("a request from a browser form with a trailing empty parameter is still understood", async () => {
    expect((await api("/games?limit=5&")).status).toBe(200);
  });
});

describe("malformed requests", () => {
  // Next's router cannot route these; next.config.mjs sends them to the API's catch-all.
  it.each(["/games/%E0%A4%A", "/nope/%C0%AF", "/tags/%", "/games/570/%ED%A0%80", "/%FF", "/api/v1%"])(
    "a malformed percent-encoded path %s is BAD_REQUEST in the envelope",
    async (path) => {
      const res = await api(path);
      expectError(res, 400, "BAD_REQUEST");
      expect(res.body.error.message).toContain("percent-encoded");
    },
  );

  it("a malformed path outside the API gets the envelope too, and well-formed encodings still route", async () => {
    expectError(await api("/docs/%E0%A4%A"), 400, "BAD_REQUEST");
    expect((await api("/games/%35%37%30")).body.data.appId).toBe(570);
    expectError(await api("/nope/%E2%82%AC"), 404, "NOT_FOUND");
  });

  it("malformed percent-encoding in the query is read leniently and validated", async () => {
    const res = await api("/games?q=%E0%A4%A&limit=1");
    expect(res.status).toBe(200);
  });
});
