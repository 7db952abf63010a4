import { describe, expect, it } from "vitest";
import { examplePath } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";
import { api } from "../support/http";

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectSuccessEnvelope(res: { status: number; headers: Headers; body: any }, list: boolean) {
  expect(res.status).toBe(200);
  expect(res.body.meta.requestId).toMatch(/^req_[0-9a-z]{22}$/);
  expect(res.headers.get("request-id")).toBe(res.body.meta.requestId);
  expect(res.body.meta.generatedAt).toMatch(ISO_MS);
  expect(res.body).toHaveProperty("data");
  if (list) {
    const { limit, offset, total } = res.body.pagination;
    expect([limit, offset, total].every(Number.isInteger)).toBe(true);
    if (offset + limit < total) expect(res.body.pagination.nextOffset).toBe(offset + limit);
    else expect(res.body.pagination).not.toHaveProperty("nextOffset");
  } else expect(res.body).not.toHaveProperty("pagination");
}

function expectError(res: { status: number; headers: Headers; body: any }, status: number, code: string, param?: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe("string");
  expect(res.body.error.requestId).toMatch(/^req_/);
  expect(res.headers.get("request-id")).toBe(res.body.error.requestId);
  if (param) expect(res.body.error.param).toBe(param);
  expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|prisma|SELECT |node_modules/i);
}


describe("the envelope", () => {
  it.each(OPERATIONS.map((op) => [op.id, op] as const))("%s answers in the success envelope", async (_, op) => {
    const { inject } = await import("vitest");
    // the registry's example request: operations with required parameters (groupBy, appIds) need one
    const res = await api(examplePath(op, inject("workspaceId")));
    expectSuccessEnvelope(res, op.paginated);
  });

  it("sends a different request id each time", async () => {
    const [a, b] = await Promise.all([api("/tags?limit=1"), api("/tags?limit=1")]);
    expect(a.body.meta.requestId).not.toBe(b.body.meta.requestId);
  });
});

describe("errors", () => {
  it.each(["/nope", "/games/570/nope/deeper", "", "/GAMES"])("unknown path '/api/v1%s' is NOT_FOUND in the envelope", async (path) => {
    expectError(await api(path), 404, "NOT_FOUND");
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s on an operation path is METHOD_NOT_ALLOWED with Allow", async (method) => {
    const res = await api("/games/570", { method });
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("an unknown game is NOT_FOUND naming appId", async () => {
    expectError(await api("/games/2147483000"), 404, "NOT_FOUND", "appId");
  });

  it.each(["abc", "-1", "0", "1.5", "99999999999"])("appId '%s' is BAD_REQUEST naming appId", async (value) => {
    expectError(await api(`/games/${value}`), 400, "BAD_REQUEST", "appId");
  });

  it.each([
    ["/games?colour=red", "colour"],
    ["/games?limit=0", "limit"],
    ["/games?limit=101", "limit"],
    ["/games?limit=abc", "limit"],
    ["/games?offset=-1", "offset"],
    ["/games?limit=5&limit=6", "limit"],
    ["/games?sort=price", "sort"],
    ["/games?ratingMin=2", "ratingMin"],
    ["/games?releasedFrom=2023-02-30", "releasedFrom"],
    ["/games?releasedFrom=yesterday", "releasedFrom"],
    ["/games?releasedFrom=2023&releasedTo=2022", "releasedTo"],
    ["/games?priceMin=500&priceMax=100", "priceMax"],
    ["/games?platforms=amiga", "platforms"],
    ["/games?coverage=total", "coverage"],
    ["/games?fields=name,secret", "fields"],
    ["/games?genres=not-a-genre", "genres"],
    ["/tags?q=", "q"],
    ["/status?verbose=1", "verbose"],
  ])("%s is BAD_REQUEST naming %s", async (path, param) => {
    expectError(await api(path), 400, "BAD_REQUEST", param);
  });

  it("an unknown tag is INVALID_TAG naming it and suggesting known slugs", async () => {
    const res = await api("/games?tags=rpgg");
    expectError(res, 400, "INVALID_TAG", "tags");
    expect(res.body.error.invalidValues).toEqual(["rpgg"]);
    expect(res.body.error.suggestions.rpgg).toContain("rpg");
    expect(res.body.error.message).toContain("rpgg");
  });

  it("names only the unknown ones among known tags, on tagsExclude too", async () => {
    const res = await api("/games?tags=indie,roguelikee,strategy,scifi-x");
    expectError(res, 400, "INVALID_TAG", "tags");
    expect(res.body.error.invalidValues).toEqual(["roguelikee", "scifi-x"]);
    expect(res.body.error.suggestions.roguelikee.length).toBeGreaterThan(0);
    const excluded = await api("/games?tagsExclude=horor");
    expectError(excluded, 400, "INVALID_TAG", "tagsExclude");
    expect(excluded.body.error.suggestions.horor).toContain("horror");
  });

  it("suggests every suggestion as a real slug", async () => {
    const res = await api("/games?tags=f2p-game,coop");
    const tags = await api("/tags?limit=100&offset=0");
    const all = new Set<string>();
    for (let offset = 0; offset < tags.body.pagination.total; offset += 100) {
      for (const tag of (await api(`/tags?limit=100&offset=${offset}`)).body.data) all.add(tag.slug);
    }
    for (const list of Object.values<string[]>(res.body.error.suggestions)) for (const slug of list) expect(all.has(slug)).toBe(true);
  });
});
