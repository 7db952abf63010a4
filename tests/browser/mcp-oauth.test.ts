// The MCP OAuth flow end to end, as an agent and its user go through it: discovery, registration, consent
// in Debian's Chromium, code exchange with PKCE, the token in the official SDK client, refresh, revocation.
import { createHash, randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { api } from "../support/http";
import { connectMcp } from "../support/mcp-client";
import { signInWithBrowser, uniqueEmail } from "../support/sign-in";

// nothing listens there: the browser context answers it, and the test reads the URL the browser was sent to
const REDIRECT = "http://127.0.0.1:58123/callback";
const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
};
const form = (url: string, values: Record<string, string>) =>
  json(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(values) });

interface Discovery {
  resource: string;
  authorization_endpoint: string;
  token_endpoint: string;
  registration_endpoint: string;
  revocation_endpoint: string;
}

let browser: Browser;
let session: { context: BrowserContext; page: Page };
let discovery: Discovery;
let clientId: string;

/** What an MCP client does first: the 401's pointer, then the two metadata documents. */
async function discover(): Promise<Discovery> {
  const base = inject("baseUrl");
  const unauthenticated = await fetch(`${base}/api/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  expect(unauthenticated.status).toBe(401);
  const pointer = /resource_metadata="([^"]+)"/.exec(unauthenticated.headers.get("www-authenticate") ?? "")![1];
  const resource = (await json(pointer)).body;
  expect(resource.resource).toBe(`${base}/api/mcp`);
  expect((await json(`${base}/.well-known/oauth-protected-resource`)).body).toEqual(resource);
  const server = (await json(`${resource.authorization_servers[0]}/.well-known/oauth-authorization-server`)).body;
  expect(server).toMatchObject({ issuer: base, code_challenge_methods_supported: ["S256"], grant_types_supported: ["authorization_code", "refresh_token"] });
  return { resource: resource.resource, ...server };
}

/** The browser half: the consent page, approved (or denied), and the redirect back to the client. */
async function authorize(decision: "Approve" | "Deny", state = randomBytes(8).toString("hex")) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const url = new URL(discovery.authorization_endpoint);
  for (const [name, value] of Object.entries({
    response_type: "code", client_id: clientId, redirect_uri: REDIRECT, code_challenge: challenge,
    code_challenge_method: "S256", state, scope: "market:read workspace:read", resource: discovery.resource,
  })) url.searchParams.set(name, value);
  const { page } = session;
  await page.goto(url.toString());
  await expect(page.getByTestId("client-name").textContent()).resolves.toBe("Test Agent");
  await page.getByRole("button", { name: decision }).click();
  await page.waitForURL((url) => url.href.startsWith(REDIRECT));
  const redirected = new URL(page.url());
  expect(redirected.searchParams.get("state")).toBe(state);
  expect(redirected.searchParams.get("iss")).toBe(inject("baseUrl"));
  return { params: redirected.searchParams, verifier };
}

async function tokens() {
  const { params, verifier } = await authorize("Approve");
  const exchange = { grant_type: "authorization_code", code: params.get("code")!, client_id: clientId, redirect_uri: REDIRECT, resource: discovery.resource };
  const issued = await form(discovery.token_endpoint, { ...exchange, code_verifier: verifier });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body as { access_token: string; refresh_token: string; expires_in: number; token_type: string; scope: string };
}

const mcpStatus = async (token: string) =>
  (await fetch(`${inject("baseUrl")}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  })).status;

beforeAll(async () => {
  browser = await launchBrowser();
  session = await signInWithBrowser(browser, uniqueEmail("agent-owner"));
  // The client's loopback redirect: nothing listens there, the test reads the URL the browser was sent to.
  await session.context.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, body: "you can close this window" }));
  discovery = await discover();
  const registered = await json(discovery.registration_endpoint, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_name: "Test Agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
  });
  expect(registered.status).toBe(201);
  clientId = registered.body.client_id;
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe("MCP OAuth", () => {
  it("consent approved: an ldxm_ token that the SDK client uses, charged to the workspace and its agent; refused by /api/v1", async () => {
    const issued = await tokens();
    expect(issued).toMatchObject({ token_type: "Bearer", scope: "market:read workspace:read" });
    expect(issued.access_token).toMatch(/^ldxm_[0-9A-Za-z]{36}$/);
    expect(issued.expires_in).toBeGreaterThan(0);
    const client = await connectMcp(issued.access_token);
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
      const result = await client.callTool({ name: "get_game", arguments: { appId: 570 } });
      expect(result.isError).toBeFalsy();
      expect((result._meta as any)["dev.ludex/credits"]).toMatchObject({ charged: 1, used: 1 });
    } finally {
      await client.close();
    }
    const rest = await api("/games/570", { token: issued.access_token });
    expect(rest.status).toBe(401);
    expect(rest.body.error.message).toMatch(/MCP token/);
    // The connection is listed under MCP tokens with the client's name, and revoking it there ends it.
    const { page } = session;
    await page.goto("/dashboard/keys");
    const row = page.getByTestId("mcp-keys").locator("tr", { hasText: "Test Agent" });
    await expect(row.textContent()).resolves.toContain(issued.access_token.slice(0, 9));
    await row.getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(() => mcpStatus(issued.access_token)).toBe(401);
    expect((await form(discovery.token_endpoint, { grant_type: "refresh_token", refresh_token: issued.refresh_token, client_id: clientId })).body.error).toBe("invalid_grant");
  });

  it("refresh rotates both tokens; a reused refresh token ends the connection", async () => {
    const first = await tokens();
    const refreshed = await form(discovery.token_endpoint, { grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(await mcpStatus(first.access_token)).toBe(401);
    expect(await mcpStatus(refreshed.body.access_token)).toBe(200);
    const replay = await form(discovery.token_endpoint, { grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(replay.body.error).toBe("invalid_grant");
    expect(await mcpStatus(refreshed.body.access_token)).toBe(401);
  });

  it("revocation (RFC 7009) ends the token; a code is redeemed once; a denied consent returns access_denied", async () => {
    const issued = await tokens();
    expect(await mcpStatus(issued.access_token)).toBe(200);
    const revoked = await fetch(discovery.revocation_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: issued.refresh_token, client_id: clientId }),
    });
    expect(revoked.status).toBe(200);
    expect(await mcpStatus(issued.access_token)).toBe(401);

    // A wrong PKCE verifier is refused, and spends the code: whoever stole it gets one try and nothing.
    const stolen = await authorize("Approve");
    const guess = { grant_type: "authorization_code", code: stolen.params.get("code")!, client_id: clientId, redirect_uri: REDIRECT };
    const wrong = await form(discovery.token_endpoint, { ...guess, code_verifier: randomBytes(32).toString("base64url") });
    expect(wrong.body).toMatchObject({ error: "invalid_grant", error_description: expect.stringMatching(/PKCE/) });
    expect((await form(discovery.token_endpoint, { ...guess, code_verifier: stolen.verifier })).body.error).toBe("invalid_grant");

    const { params, verifier } = await authorize("Approve");
    const exchange = { grant_type: "authorization_code", code: params.get("code")!, client_id: clientId, redirect_uri: REDIRECT, code_verifier: verifier };
    expect((await form(discovery.token_endpoint, exchange)).status).toBe(200);
    expect((await form(discovery.token_endpoint, exchange)).body.error).toBe("invalid_grant");

    const denied = await authorize("Deny");
    expect(denied.params.get("error")).toBe("access_denied");
    expect(denied.params.get("code")).toBeNull();
  });

  it("a token minted for another resource is refused (its audience is checked)", async () => {
    const issued = await tokens();
    const url = new URL(inject("baseUrl"));
    // The same server reached under another name is another resource: http://localhost:<port>/api/mcp.
    const status = await new Promise<{ status: number; challenge: string }>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: "/api/mcp", method: "POST",
          headers: { host: `localhost:${url.port}`, authorization: `Bearer ${issued.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" } },
        (res) => {
          res.resume();
          resolve({ status: res.statusCode ?? 0, challenge: String(res.headers["www-authenticate"] ?? "") });
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
    });
    expect(status.status).toBe(401);
    expect(status.challenge).toMatch(/error="invalid_token"/);
    expect(status.challenge).toContain(`resource_metadata="http://localhost:${url.port}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(await mcpStatus(issued.access_token)).toBe(200);
  });

  it("refuses requests the consent page cannot trust: unknown client, foreign redirect URI, no PKCE", async () => {
    const { page } = session;
    await page.goto(`${discovery.authorization_endpoint}?response_type=code&client_id=mcpc_unknown&redirect_uri=${encodeURIComponent(REDIRECT)}`);
    await expect(page.locator("p[role=alert]").textContent()).resolves.toMatch(/Unknown client/);
    await page.goto(`${discovery.authorization_endpoint}?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent("https://evil.example/cb")}`);
    await expect(page.locator("p[role=alert]").textContent()).resolves.toMatch(/redirect URI/);
    // Once the client and its redirect URI are known, errors go back to the client (no PKCE here).
    const noPkce = await fetch(`${discovery.authorization_endpoint}?response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s1`, { redirect: "manual" });
    const redirected = new URL(noPkce.headers.get("location") ?? "http://none/");
    expect(redirected.href.startsWith(REDIRECT)).toBe(true);
    expect(redirected.searchParams.get("error")).toBe("invalid_request");
    expect(redirected.searchParams.get("state")).toBe("s1");
    const bad = await json(discovery.registration_endpoint, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ redirect_uris: ["http://evil.example/cb"] }) });
    expect(bad).toMatchObject({ status: 400, body: { error: "invalid_redirect_uri" } });
  });
});
