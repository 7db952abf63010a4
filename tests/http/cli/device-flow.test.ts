// The CLI login's device authorization grant (RFC 8628) over real HTTP: codes, polling answers, approval by a browser session.
import pg from "pg";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { hashToken } from "@/lib/access/token-format";
import { api } from "../../support/http";
import { signInWithHttp, uniqueEmail } from "../../support/sign-in";

const GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const base = () => inject("baseUrl");
const sameOrigin = { "sec-fetch-site": "same-origin", "content-type": "application/json" };

async function post(path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${base()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

const startLogin = () => post("/api/cli/device", { client_id: "ludex-cli", host: "test-host", version: "1.2.3" });
const poll = (deviceCode: string) => post("/api/cli/token", { grant_type: GRANT, device_code: deviceCode, client_id: "ludex-cli" });

async function decide(cookie: string, userCode: string, decision: "approve" | "deny", workspaceId?: string, headers: Record<string, string> = sameOrigin) {
  const response = await fetch(`${base()}/api/cli/approve`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ userCode, decision, workspaceId }),
  });
  return { status: response.status, body: await response.json() };
}

let cookie: string;
let workspaceId: string;
beforeAll(async () => {
  cookie = await signInWithHttp(uniqueEmail("cli-http"));
  const created = await fetch(`${base()}/api/dashboard/workspaces`, { method: "POST", headers: { ...sameOrigin, cookie }, body: JSON.stringify({ name: "CLI team" }) });
  workspaceId = (await created.json()).id;
});

describe("CLI login (device authorization grant)", () => {
  it("starts with the RFC 8628 fields: a device code, a readable user code, the activation URL with and without it", async () => {
    const { status, headers, body } = await startLogin();
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(body.verification_uri).toBe(`${base()}/cli/activate`);
    expect(body.verification_uri_complete).toBe(`${base()}/cli/activate?code=${body.user_code}`);
    expect(body.expires_in).toBe(600);
    expect(body.interval).toBe(5);
  });

  it("answers authorization_pending, then slow_down (interval + 5) to a poll inside the interval", async () => {
    const { body } = await startLogin();
    const first = await poll(body.device_code);
    expect(first.status).toBe(400);
    expect(first.body.error).toBe("authorization_pending");
    const second = await poll(body.device_code);
    expect(second.status).toBe(400);
    expect(second.body).toMatchObject({ error: "slow_down", interval: 10 });
  });

  it("refuses a wrong grant type, a missing or unknown device code and an unknown client", async () => {
    expect((await post("/api/cli/token", { grant_type: "password", device_code: "x" })).body.error).toBe("unsupported_grant_type");
    expect((await post("/api/cli/token", { grant_type: GRANT })).body.error).toBe("invalid_request");
    const unknown = await poll("not-a-code-we-issued");
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("invalid_grant");
    expect((await post("/api/cli/device", { client_id: "someone-else" })).body.error).toBe("invalid_client");
  });

  it("issues an ldxc_ credential once, for the workspace chosen, recording the CLI's host and version", async () => {
    const { body } = await startLogin();
    const approved = await decide(cookie, body.user_code.toLowerCase().replace("-", " "), "approve", workspaceId);
    expect(approved).toEqual({ status: 200, body: { decision: "approved" } });
    expect((await decide(cookie, body.user_code, "deny")).status).toBe(404);

    const issued = await poll(body.device_code);
    expect(issued.status).toBe(200);
    expect(issued.body.access_token).toMatch(/^ldxc_[0-9A-Za-z]{36}$/);
    expect(issued.body.token_type).toBe("Bearer");
    expect(issued.body.workspace).toEqual({ id: workspaceId, name: "CLI team" });
    expect(issued.body.expires_in).toBeGreaterThan(0);

    const status = await api("/status", { token: issued.body.access_token });
    expect(status.status).toBe(200);
    expect(status.body.data.caller.tokenType).toBe("cli");
    expect(status.body.data.workspace.id).toBe(workspaceId);
    const again = await poll(body.device_code);
    expect(again.body.error).toBe("invalid_grant");

    const info = await api("/api/cli/credential", { token: issued.body.access_token });
    expect(info.body).toMatchObject({ type: "cli", clientName: "ludex 1.2.3 on test-host", workspace: { id: workspaceId } });
    expect(Date.parse(info.body.expiresAt)).toBeGreaterThan(Date.now());
  });

  it("a CLI credential revokes itself; an API key may not", async () => {
    const { body } = await startLogin();
    await decide(cookie, body.user_code, "approve", workspaceId);
    const token = (await poll(body.device_code)).body.access_token;
    expect((await api("/api/cli/credential", { method: "DELETE" })).status).toBe(403);
    expect((await api("/api/cli/credential", { method: "DELETE", token })).status).toBe(200);
    expect((await api("/status", { token })).status).toBe(401);
  });

  it("answers access_denied after a denial and expired_token after the code's life", async () => {
    const denied = (await startLogin()).body;
    expect((await decide(cookie, denied.user_code, "deny")).body).toEqual({ decision: "denied" });
    expect((await poll(denied.device_code)).body.error).toBe("access_denied");

    const late = (await startLogin()).body;
    const client = new pg.Client({ connectionString: inject("databaseUrl") });
    await client.connect();
    try {
      await client.query("UPDATE device_authorizations SET expires_at = expires_at - interval '11 minutes' WHERE device_code_hash = $1", [hashToken(late.device_code)]);
    } finally {
      await client.end();
    }
    expect((await poll(late.device_code)).body.error).toBe("expired_token");
    expect((await decide(cookie, late.user_code, "approve", workspaceId)).status).toBe(404);
  });

  it("takes approvals only from a same-origin browser session, for the user's own workspaces", async () => {
    const { body } = await startLogin();
    expect((await decide(cookie, body.user_code, "approve", workspaceId, { "content-type": "application/json", origin: "https://evil.example" })).status).toBe(403);
    const bearer = await fetch(`${base()}/api/cli/approve`, {
      method: "POST",
      headers: { ...sameOrigin, authorization: `Bearer ${inject("apiKey")}` },
      body: JSON.stringify({ userCode: body.user_code, decision: "approve", workspaceId }),
    });
    expect(bearer.status).toBe(401);
    const foreign = await decide(cookie, body.user_code, "approve", inject("workspaceId"));
    expect(foreign.status).toBe(403);
    expect((await poll(body.device_code)).body.error).toBe("authorization_pending");
  });
});
