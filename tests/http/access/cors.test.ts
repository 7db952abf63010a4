// CORS: a page on another origin may call /api/v1 with a key; the cookie paths stay same-origin only.
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../support/browser";
import { freePort } from "../../support/free-port";
import { api } from "../../support/http";

const ORIGIN = "https://tools.example.org";

describe("CORS on /api/v1", () => {
  it("a cross-origin preflight for a GET with Authorization succeeds", async () => {
    const res = await api("/games/570", {
      token: null,
      method: "OPTIONS",
      headers: { origin: ORIGIN, "access-control-request-method": "GET", "access-control-request-headers": "authorization" },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
  });

  it("answers, errors included, allow any origin and expose the request id and rate-limit fields", async () => {
    for (const path of ["/tags?limit=1", "/games/2147483000", "/nope", "/openapi.json"]) {
      const res = await api(path, { headers: { origin: ORIGIN } });
      expect(res.headers.get("access-control-allow-origin"), path).toBe("*");
      const exposed = (res.headers.get("access-control-expose-headers") ?? "").toLowerCase().split(/,\s*/);
      expect(exposed).toEqual(expect.arrayContaining(["request-id", "ratelimit", "ratelimit-policy", "retry-after"]));
      expect(res.headers.get("access-control-allow-credentials"), path).toBeNull();
    }
  });

  it.each(["/api/dashboard/keys", "/api/dashboard/workspaces", "/api/auth/session", "/api/auth/csrf"])(
    "the cookie path %s sends no CORS headers, to a preflight or a request",
    async (path) => {
      const preflight = await api(path, {
        token: null,
        method: "OPTIONS",
        headers: { origin: ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
      });
      const get = await api(path, { token: null, headers: { origin: ORIGIN } });
      for (const res of [preflight, get]) {
        expect(res.headers.get("access-control-allow-origin")).toBeNull();
        expect(res.headers.get("access-control-allow-headers")).toBeNull();
      }
    },
  );
});

describe("CORS in a browser", () => {
  let browser: Browser;
  let page: Server;
  let pageOrigin: string;

  beforeAll(async () => {
    const port = await freePort();
    pageOrigin = `http://127.0.0.1:${port}`;
    page = createServer((_, res) => res.end("<!doctype html><title>another site</title>")).listen(port, "127.0.0.1");
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    page?.close();
  });

  it("a page on another origin reads /api/v1 with a bearer key, and cannot read a cookie path", async () => {
    const tab = await browser.newPage();
    await tab.goto(pageOrigin);
    const outcome = await tab.evaluate(
      async ({ base, key }) => {
        const res = await fetch(`${base}/api/v1/games/570`, { headers: { Authorization: `Bearer ${key}` } });
        const body = await res.json();
        const dashboard = await fetch(`${base}/api/dashboard/keys`).then(
          () => "read",
          () => "blocked",
        );
        return { status: res.status, name: body.data?.name, requestId: res.headers.get("request-id"), policy: res.headers.get("ratelimit-policy"), dashboard };
      },
      { base: inject("baseUrl"), key: inject("apiKey") },
    );
    expect(outcome).toMatchObject({ status: 200, name: "Dota 2", dashboard: "blocked" });
    expect(outcome.requestId).toMatch(/^req_/);
    expect(outcome.policy).toMatch(/^"pro";/);
  });
});
