// The browser-session front door from outside: cookies only, same-origin changes only, one-time links, limits.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../../support/http";
import { latestMailLink, signInWithHttp, uniqueEmail } from "../../support/sign-in";

const base = () => inject("baseUrl");
const sameOrigin = { "sec-fetch-site": "same-origin", "content-type": "application/json" };

let cookie: string;
beforeAll(async () => {
  cookie = await signInWithHttp(uniqueEmail("boundary"));
});

describe("browser-session endpoints", () => {
  it("create a key for a same-origin request with the session cookie (the control for the refusals below)", async () => {
    const response = await fetch(`${base()}/api/dashboard/keys`, {
      method: "POST",
      headers: { ...sameOrigin, cookie },
      body: JSON.stringify({ name: "control", scopes: ["market:read"], expiresInDays: 7 }),
    });
    expect(response.status).toBe(201);
    const key = await response.json();
    expect(key.secret).toMatch(/^ldx_/);
    expect(key.scopes).toEqual(["market:read"]);
    expect((await api("/games/730", { token: key.secret })).status).toBe(200);
  });

  it("refuse a bearer token with 401, saying they take a browser session, even beside a valid cookie", async () => {
    for (const [method, path] of [["POST", "/api/dashboard/keys"], ["GET", "/api/dashboard/usage.csv"], ["POST", "/api/dashboard/workspaces"]]) {
      const response = await fetch(`${base()}${path}`, {
        method,
        headers: { ...sameOrigin, cookie, authorization: `Bearer ${inject("apiKey")}` },
        body: method === "POST" ? JSON.stringify({ name: "x", scopes: ["market:read"], expiresInDays: null }) : undefined,
      });
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body.error.code).toBe("UNAUTHORIZED");
      expect(body.error.message).toContain("browser session");
    }
  });

  it("refuse a cross-site change (Sec-Fetch-Site or a foreign Origin) with 403", async () => {
    const attempts: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
      { "sec-fetch-site": "same-site", origin: "https://sub.example" },
      { origin: "https://evil.example" },
      {},
    ];
    for (const headers of attempts) {
      const response = await fetch(`${base()}/api/dashboard/keys`, {
        method: "POST",
        headers: { ...headers, cookie, "content-type": "application/json" },
        body: JSON.stringify({ name: "csrf", scopes: ["market:read"], expiresInDays: null }),
      });
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
      expect((await response.json()).error.message).toContain("Cross-site");
    }
  });

  it("answer 401 without a session, and 400 naming the field for a bad body", async () => {
    const anonymous = await fetch(`${base()}/api/dashboard/keys`, { method: "POST", headers: sameOrigin, body: "{}" });
    expect(anonymous.status).toBe(401);
    const bad = await fetch(`${base()}/api/dashboard/keys`, { method: "POST", headers: { ...sameOrigin, cookie }, body: JSON.stringify({ name: "x", scopes: ["admin"], expiresInDays: null }) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.param).toBe("scopes.0");
    const notJson = await fetch(`${base()}/api/dashboard/keys`, { method: "POST", headers: { ...sameOrigin, cookie }, body: "name=x" });
    expect(notJson.status).toBe(400);
  });

  it("/api/v1 ignores cookies: a session cookie alone is an anonymous caller", async () => {
    const response = await api("/status", { token: null, headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.body.data.caller.kind).toBe("anonymous");
  });
});

describe("sign-in links", () => {
  it("work once, and the development mailbox lists them newest first", async () => {
    const email = uniqueEmail("once");
    await signInWithHttp(email);
    const used = await latestMailLink(email);
    const again = await fetch(used, { redirect: "manual" });
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toContain("/signin/error?error=Verification");
    const later = uniqueEmail("later");
    await signInWithHttp(later);
    const html = await (await fetch(`${base()}/dev/mailbox`)).text();
    expect(html.indexOf(later)).toBeGreaterThan(-1);
    expect(html.indexOf(later)).toBeLessThan(html.indexOf(email));
  });

  it("are limited per address: the sixth request within the window is refused", async () => {
    const email = uniqueEmail("flood");
    const statuses: string[] = [];
    for (let i = 0; i < 6; i++) {
      const csrf = await fetch(`${base()}/api/auth/csrf`);
      const { csrfToken } = await csrf.json();
      const jar = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      const posted = await fetch(`${base()}/api/auth/signin/email`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar },
        body: new URLSearchParams({ email, csrfToken }),
        redirect: "manual",
      });
      statuses.push(posted.headers.get("location") ?? String(posted.status));
    }
    expect(statuses.slice(0, 5).every((location) => location.includes("verify-request"))).toBe(true);
    expect(statuses[5]).toContain("/signin/error?error=RateLimited");
  });
});
