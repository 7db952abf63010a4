// Rate limits of the login endpoints (CLI device flow, OAuth client registration and metadata-document clients), and
// the CLI waiting out RATE_LIMITED, against a second server with strict limits.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSecondServer } from "../../support/second-server";

let server: { base: string; stop(): void };

beforeAll(async () => {
  server = await startSecondServer({
    LUDEX_LIMITS: JSON.stringify({
      cliDevice: { requests: 2, windowSeconds: 600 },
      cliToken: { requests: 2, windowSeconds: 600 },
      oauthRegistration: { requests: 2, windowSeconds: 600 },
      anonymous: { requests: 1, windowSeconds: 10 },
    }),
  });
});

afterAll(() => server?.stop());

const form = (path: string, body: Record<string, string>) =>
  fetch(`${server.base}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });

describe("CLI login endpoints under their rate limits", () => {
  it("answer 429 slow_down with Retry-After past the per-address limit, on the device and the token endpoint", async () => {
    const first = await form("/api/cli/device", { client_id: "ludex-cli", host: "ci", version: "test" });
    expect(first.status).toBe(200);
    const { device_code } = await first.json();
    expect((await form("/api/cli/device", { client_id: "ludex-cli", host: "ci", version: "test" })).status).toBe(200);
    const third = await form("/api/cli/device", { client_id: "ludex-cli", host: "ci", version: "test" });
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: "slow_down" });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);

    const grant = { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code, client_id: "ludex-cli" };
    const polls = [];
    for (let i = 0; i < 3; i++) polls.push(await form("/api/cli/token", grant));
    expect(polls.map((poll) => poll.status)).toEqual([400, 400, 429]);
    expect(await polls[0].json()).toMatchObject({ error: "authorization_pending" });
    expect(Number(polls[2].headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("OAuth client registration under its per-address limit", () => {
  it("registers two clients, then answers 429 with the reason; a metadata-document client_id counts against the same limit", async () => {
    const register = () =>
      fetch(`${server.base}/api/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_name: "Limit Agent", redirect_uris: ["http://127.0.0.1:58124/callback"], token_endpoint_auth_method: "none" }),
      });
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    const third = await register();
    expect(third.status).toBe(429);
    expect((await third.json()).error_description).toMatch(/Too many client registrations from this address; retry in \d+ s/);
    // a URL client_id not yet cached would be fetched: refused before any fetch once the address is over its limit
    const consent = new URL(`${server.base}/oauth/authorize`);
    for (const [name, value] of Object.entries({ response_type: "code", client_id: "https://agent.example.com/client.json", redirect_uri: "http://127.0.0.1:58124/callback", code_challenge: "x".repeat(43), code_challenge_method: "S256" }))
      consent.searchParams.set(name, value);
    expect(await (await fetch(consent, { redirect: "manual" })).text()).toContain("Too many new clients from this address");
  });
});

describe("the CLI under RATE_LIMITED", () => {
  it("waits Retry-After, says so on stderr, and retries until the call goes through", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LUDEX_CONFIG_DIR: mkdtempSync(join(tmpdir(), "ludex-cfg-")), LUDEX_BASE_URL: server.base };
    delete env.LUDEX_TOKEN;
    const run = () =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, ["bin/ludex.mjs", "tags", "list", "--q", "rogue", "--json"], { env, timeout: 90_000 }, (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    // One anonymous call per 10 s from this address. The in-process limiter counts fixed 10 s windows (the
    // previous one weighted, rounded down): start just after a window opens, so the call that spends the
    // budget and the CLI's first call fall in the same window and the CLI must meet RATE_LIMITED.
    await new Promise((resolve) => setTimeout(resolve, 10_000 - (Date.now() % 10_000) + 100));
    const spent = await fetch(`${server.base}/api/v1/tags?q=rogue`);
    expect(spent.status).toBe(200);
    const cli = await run();
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toMatch(/Rate limited: waiting \d+ s before retry 1 of 3/);
    expect(JSON.parse(cli.stdout).data).toEqual((await spent.json()).data);
  });
});
