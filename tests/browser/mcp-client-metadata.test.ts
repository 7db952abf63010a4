// OAuth Client ID Metadata Documents as an MCP client uses them: the client_id is the URL of a JSON document
// (served here on the suite's one allowed loopback origin, LUDEX_TEST_CIMD_ORIGIN), the consent page names it
// in Chromium, and the agent's calls are told apart in the usage ledger and screen. Also: the SSRF guard's
// refusals, the document checks, and the 403 insufficient_scope step-up challenge.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { connectMcp } from "../support/mcp-client";
import { signInWithBrowser, uniqueEmail } from "../support/sign-in";

const REDIRECT = "http://127.0.0.1:58124/callback";
const origin = () => inject("cimdOrigin");
const clientUrl = (name: string) => `${origin()}/${name}.json`;

/** The documents the loopback origin serves, and how often each was fetched. */
const hits = new Map<string, number>();
function documents(): Record<string, { status?: number; headers?: Record<string, string>; body: string }> {
  const doc = (name: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ client_id: clientUrl(name), client_name: "Metadata Agent", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...extra });
  return {
    "/agent.json": { headers: { "cache-control": "max-age=600" }, body: doc("agent") },
    "/mismatch.json": { body: doc("mismatch", { client_id: clientUrl("elsewhere") }) },
    "/huge.json": { body: doc("huge", { client_uri: `https://x.example/${"a".repeat(1_900)}`, padding: "b".repeat(6_000) }) },
    "/moved.json": { status: 302, headers: { location: clientUrl("agent") }, body: "" },
    "/notjson.json": { body: "<html>hello</html>" },
    "/evil-redirect.json": { body: doc("evil-redirect", { redirect_uris: ["http://evil.example/cb"] }) },
    "/secret-client.json": { body: doc("secret-client", { token_endpoint_auth_method: "client_secret_basic" }) },
  };
}

let metadataServer: Server;
let browser: Browser;
let session: { context: BrowserContext; page: Page };

const json = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  return { status: res.status, headers: res.headers, body: (await res.json().catch(() => null)) as any };
};
const form = (url: string, values: Record<string, string>) =>
  json(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(values) });

function authorizeUrl(clientId: string, extra: Record<string, string> = {}) {
  const url = new URL(`${inject("baseUrl")}/oauth/authorize`);
  const values = { response_type: "code", client_id: clientId, redirect_uri: REDIRECT, code_challenge: "x".repeat(43), code_challenge_method: "S256", state: "s", ...extra };
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value);
  return url.toString();
}

/** What the consent page says about a request it refuses (no session needed: it checks before asking for one). */
async function refusal(clientId: string, extra: Record<string, string> = {}): Promise<string> {
  const res = await fetch(authorizeUrl(clientId, extra), { redirect: "manual" });
  const html = await res.text();
  return (/<p role="alert">([^<]*)<\/p>/.exec(html)?.[1] ?? `(no alert; HTTP ${res.status})`).replace(/&#x27;/g, "'").replace(/&quot;/g, '"');
}

/** Consent approved in the browser for a metadata-document client, then the code exchanged with PKCE. */
async function connectViaMetadata(scope: string) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const resource = `${inject("baseUrl")}/api/mcp`;
  const { page } = session;
  await page.goto(authorizeUrl(clientUrl("agent"), { code_challenge: challenge, scope, resource }));
  await expect(page.getByTestId("client-name").textContent()).resolves.toBe("Metadata Agent");
  await expect(page.getByTestId("redirect-host").textContent()).resolves.toBe("127.0.0.1:58124");
  await expect(page.getByTestId("client-host").textContent()).resolves.toBe(new URL(origin()).host);
  await expect(page.getByTestId("localhost-warning").isVisible()).resolves.toBe(true);
  await page.screenshot({ path: "/tmp/ludex-consent-metadata-client.png", fullPage: true });
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL((url) => url.href.startsWith(REDIRECT));
  const code = new URL(page.url()).searchParams.get("code")!;
  const issued = await form(`${inject("baseUrl")}/api/oauth/token`, {
    grant_type: "authorization_code", code, client_id: clientUrl("agent"), redirect_uri: REDIRECT, code_verifier: verifier, resource,
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body as { access_token: string; refresh_token: string; scope: string };
}

beforeAll(async () => {
  metadataServer = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const document = documents()[path];
    if (!document) return res.writeHead(404).end();
    res.writeHead(document.status ?? 200, { "content-type": "application/json", ...document.headers }).end(document.body);
  });
  const { port } = new URL(origin());
  await new Promise<void>((resolve) => metadataServer.listen(Number(port), "127.0.0.1", resolve));
  browser = await launchBrowser();
  session = await signInWithBrowser(browser, uniqueEmail("cimd-owner"));
  await session.context.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, body: "you can close this window" }));
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
  await new Promise((resolve) => metadataServer?.close(resolve));
});

describe("OAuth Client ID Metadata Documents", () => {
  it("are advertised in the authorization-server metadata", async () => {
    const metadata = await json(`${inject("baseUrl")}/.well-known/oauth-authorization-server`);
    expect(metadata.body).toMatchObject({ client_id_metadata_document_supported: true, code_challenge_methods_supported: ["S256"] });
  });

  it("a URL client_id: consent names the document's client, the token works, and the ledger and usage screen name the agent", async () => {
    const issued = await connectViaMetadata("market:read workspace:read");
    expect(issued.access_token).toMatch(/^ldxm_/);
    // fetched once for the page and the decision: the second read came from the cache (max-age=600)
    expect(hits.get("/agent.json")).toBe(1);
    const client = await connectMcp(issued.access_token);
    let requestId: string;
    try {
      const result = await client.callTool({ name: "get_game", arguments: { appId: 570 } });
      expect(result.isError).toBeFalsy();
      requestId = (result.structuredContent as any).meta.requestId;
    } finally {
      await client.close();
    }
    // /usage through the same connection (workspace:read): filtered by the agent, each row names it
    const mcp = await connectMcp(issued.access_token);
    try {
      const usage = await mcp.callTool({ name: "list_usage", arguments: { clientId: clientUrl("agent") } });
      const rows = (usage.structuredContent as any).data;
      expect(rows.find((row: any) => row.requestId === requestId)).toMatchObject({ clientId: clientUrl("agent"), clientName: "Metadata Agent", surface: "mcp", credits: 1 });
      expect(rows.every((row: any) => row.clientId === clientUrl("agent"))).toBe(true);
    } finally {
      await mcp.close();
    }
    const { page } = session;
    await page.goto("/dashboard/usage");
    const agents = page.getByTestId("by-agent");
    await expect(agents.locator("tr", { hasText: "Metadata Agent" }).locator("td").nth(2).textContent()).resolves.toBe("1");
    await page.getByLabel("Agent (MCP)").selectOption({ label: "Metadata Agent" });
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/clientId=/);
    await expect(page.getByTestId("ledger-total").textContent()).resolves.toBe("1 calls");
    await expect(page.getByTestId("ledger-agent").first().textContent()).resolves.toBe("Metadata Agent");
    await page.screenshot({ path: "/tmp/ludex-usage-by-agent.png", fullPage: true });
  });

  it("a token without workspace:read gets 403 insufficient_scope naming the scopes to ask for", async () => {
    const issued = await connectViaMetadata("market:read");
    expect(issued.scope).toBe("market:read");
    const client = await connectMcp(issued.access_token);
    try {
      expect((await client.callTool({ name: "get_game", arguments: { appId: 570 } })).isError).toBeFalsy();
      await expect(client.callTool({ name: "get_status", arguments: {} })).rejects.toMatchObject({ code: 403, message: expect.stringMatching(/lacks the workspace:read scope/) });
    } finally {
      await client.close();
    }
    const res = await fetch(`${inject("baseUrl")}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${issued.access_token}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "estimate_cost", arguments: { tool: "get_game", arguments: { appId: 570 } } } }),
    });
    expect(res.status).toBe(403);
    const challenge = res.headers.get("www-authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer error="insufficient_scope", scope="market:read workspace:read", resource_metadata="[^"]+\/.well-known\/oauth-protected-resource\/api\/mcp"/);
  });

  it("PKCE S256 only, and tokens only for this endpoint: such refusals go back to the (verified) client", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ code_challenge_method: "plain" }, "invalid_request"],
      [{ code_challenge: "" }, "invalid_request"],
      [{ resource: "https://other.example/mcp" }, "invalid_target"],
      [{ response_type: "token" }, "unsupported_response_type"],
    ];
    for (const [extra, error] of cases) {
      const res = await fetch(authorizeUrl(clientUrl("agent"), extra), { redirect: "manual" });
      const location = new URL(res.headers.get("location") ?? "http://none/");
      expect(location.href.startsWith(REDIRECT), JSON.stringify(extra)).toBe(true);
      expect(location.searchParams.get("error"), JSON.stringify(extra)).toBe(error);
    }
  });

  it("refuses URLs the SSRF guard must not fetch, before any request leaves", async () => {
    const port = new URL(origin()).port;
    const cases: [string, RegExp][] = [
      ["http://example.com/client.json", /must use https/],
      [`http://127.0.0.1:${Number(port) + 1}/agent.json`, /must use https/],
      ["https://example.com", /needs a path/],
      ["https://example.com/a/../client.json", /needs a path/],
      ["https://user:pw@example.com/client.json", /credentials/],
      ["https://127.0.0.1/client.json", /private, loopback or reserved/],
      ["https://localhost/client.json", /private, loopback or reserved/],
      ["https://10.1.2.3/client.json", /private, loopback or reserved/],
      ["https://169.254.169.254/latest/meta-data", /private, loopback or reserved/],
      ["https://[::1]/client.json", /private, loopback or reserved/],
      ["https://[::ffff:7f00:1]/client.json", /private, loopback or reserved/],
      ["https://[fd00::1]/client.json", /private, loopback or reserved/],
      ["https://no-such-host.invalid/client.json", /does not resolve/],
    ];
    for (const [clientId, message] of cases) expect(await refusal(clientId), clientId).toMatch(message);
  });

  it("refuses documents that do not hold up: wrong client_id, too big, redirected, not JSON, foreign redirect URIs, confidential clients", async () => {
    expect(await refusal(clientUrl("mismatch"))).toMatch(/client_id does not match/);
    expect(await refusal(clientUrl("huge"))).toMatch(/larger than 5120 bytes/);
    expect(await refusal(clientUrl("moved"))).toMatch(/HTTP 302 \(redirects are not followed\)/);
    expect(await refusal(clientUrl("notjson"))).toMatch(/not JSON/);
    expect(await refusal(clientUrl("evil-redirect"))).toMatch(/redirect URI 'http:\/\/evil.example\/cb' is not allowed/);
    expect(await refusal(clientUrl("secret-client"))).toMatch(/only public clients/);
    expect(await refusal(clientUrl("missing"))).toMatch(/HTTP 404/);
    // a redirect URI the document does not list is refused on the page, never redirected to
    expect(await refusal(clientUrl("agent"), { redirect_uri: "https://evil.example/cb" })).toMatch(/redirect URI does not match/);
  });
});
