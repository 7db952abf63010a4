// The MCP OAuth flow driven by the official SDK client's own auth code (@modelcontextprotocol/sdk): it reads
// the 401's resource_metadata, the two metadata documents, registers itself, builds the PKCE S256 request with
// the resource indicator, and exchanges and refreshes tokens; only the consent click is ours, in Chromium.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { auth, UnauthorizedError, type OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { signInWithBrowser, uniqueEmail } from "../support/sign-in";

const REDIRECT = "http://127.0.0.1:58125/callback";

/** An in-memory OAuthClientProvider, as an agent keeps one; the authorization URL it is sent to is recorded. */
class MemoryProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata = { client_name: "SDK Agent", redirect_uris: [REDIRECT], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none" };
  clientInformation = () => this.client;
  saveClientInformation = (client: OAuthClientInformationMixed) => void (this.client = client);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
  saveCodeVerifier = (verifier: string) => void (this.verifier = verifier);
  codeVerifier = () => this.verifier;
}

let browser: Browser;
let session: { context: BrowserContext; page: Page };
const mcpUrl = () => new URL(`${inject("baseUrl")}/api/mcp`);

beforeAll(async () => {
  browser = await launchBrowser();
  session = await signInWithBrowser(browser, uniqueEmail("sdk-owner"));
  await session.context.route(`${REDIRECT}**`, (route) => route.fulfill({ status: 200, body: "you can close this window" }));
});
afterAll(async () => {
  await session?.context.close();
  await browser?.close();
});

describe("MCP OAuth with the official SDK client", () => {
  it("connects through discovery, registration, PKCE S256 and consent; refreshes with rotation; the token is bound to this resource", async () => {
    const provider = new MemoryProvider();
    const first = new Client({ name: "sdk-agent", version: "1.0.0" });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider }))).rejects.toBeInstanceOf(UnauthorizedError);

    // What the SDK asked for: a registered client, PKCE S256, the resource indicator, the scopes the server named.
    const requested = provider.authorizationUrl!;
    expect(requested.origin + requested.pathname).toBe(`${inject("baseUrl")}/oauth/authorize`);
    expect(provider.client?.client_id).toMatch(/^mcpc_/);
    expect(Object.fromEntries(requested.searchParams)).toMatchObject({
      response_type: "code", code_challenge_method: "S256", resource: mcpUrl().toString(), redirect_uri: REDIRECT, scope: "market:read workspace:read",
    });

    const { page } = session;
    await page.goto(requested.toString());
    await expect(page.getByTestId("client-name").textContent()).resolves.toBe("SDK Agent");
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL((url) => url.href.startsWith(REDIRECT));
    const transport = new StreamableHTTPClientTransport(mcpUrl(), { authProvider: provider });
    await transport.finishAuth(new URL(page.url()).searchParams.get("code")!);
    expect(provider.saved?.access_token).toMatch(/^ldxm_/);

    const client = new Client({ name: "sdk-agent", version: "1.0.0" });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: "get_game", arguments: { appId: 570 } });
      expect(result.isError).toBeFalsy();
      expect((result._meta as any)["dev.ludex/credits"].charged).toBe(1);
    } finally {
      await client.close();
    }

    // The SDK refreshes with its stored refresh token: both tokens rotate, the old access token stops working.
    const before = provider.saved!;
    await expect(auth(provider, { serverUrl: mcpUrl() })).resolves.toBe("AUTHORIZED");
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    const status = (token: string, host = mcpUrl().toString()) =>
      fetch(host, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json, text/event-stream" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }) }).then((r) => r.status);
    expect(await status(before.access_token)).toBe(401);
    expect(await status(provider.saved!.access_token)).toBe(200);
  });

  it("the 401 names the resource metadata and the scopes to ask for", async () => {
    const res = await fetch(mcpUrl(), { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${inject("baseUrl")}/.well-known/oauth-protected-resource/api/mcp", scope="market:read workspace:read"`,
    );
  });
});
