// Deployed as on Vercel: VERCEL=1, a database migrated and loaded beforehand, Redis for limits, the repository read-only.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createConnection } from "node:net";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { workspaceWithKey } from "../../support/admin";
import { freePort } from "../../support/free-port";
import { signInWithHttp } from "../../support/sign-in";

const ROOT = process.cwd();
const TSX = `${ROOT}/node_modules/.bin/tsx`;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const CRON_SECRET = randomBytes(16).toString("hex");

/** A private mount namespace (root only) where the repository is a read-only bind mount. */
const canMountReadOnly = process.getuid?.() === 0 && spawnSync("unshare", ["-m", "true"]).status === 0;
const redisReachable = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () => (socket.end(), resolve(true)));
  socket.on("error", () => resolve(false));
});
// CI (LUDEX_CI=1) has both; elsewhere the test says why it cannot run rather than pretending to pass.
const runnable = canMountReadOnly && redisReachable;
if (!runnable && process.env.LUDEX_CI === "1") throw new Error("CI must run the Vercel test: it needs root (unshare -m) and Redis");

function startVercel(env: NodeJS.ProcessEnv, readOnly: boolean): { child: ChildProcess; output: () => string } {
  const command = readOnly
    ? ["unshare", ["-m", "--", "sh", "-c", `mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" && exec "$1" lib/runtime/start.ts`, ROOT, TSX]]
    : [TSX, ["lib/runtime/start.ts"]];
  const child = spawn(command[0] as string, command[1] as string[], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const log: string[] = [];
  child.stdout!.on("data", (chunk) => log.push(String(chunk)));
  child.stderr!.on("data", (chunk) => log.push(String(chunk)));
  return { child, output: () => log.join("") };
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, VERCEL: "1", NEXT_TELEMETRY_DISABLED: "1", AUTH_SECRET: randomBytes(33).toString("base64") };
  for (const name of ["DATABASE_URL", "REDIS_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "KV_REST_API_URL", "KV_REST_API_TOKEN", "LUDEX_DATA_DIR", "LUDEX_LIMITS"]) delete env[name];
  return env;
}

describe("npm start with VERCEL=1", () => {
  it("stops at once, saying why, when DATABASE_URL is not set (it never opens the embedded database)", async () => {
    const { child, output } = startVercel({ ...baseEnv(), REDIS_URL, PORT: String(await freePort()) }, false);
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(1);
    expect(output()).toContain("DATABASE_URL is not set");
    expect(output()).toContain("npm run migrate");
    expect(output()).not.toContain("embedded PostgreSQL");
  });

  it("refuses the in-process rate limiter: without Upstash or Redis it stops and names the variables", async () => {
    const { child, output } = startVercel({ ...baseEnv(), DATABASE_URL: inject("databaseUrl"), PORT: String(await freePort()) }, false);
    expect(await new Promise<number | null>((resolve) => child.once("exit", resolve))).toBe(1);
    expect(output()).toContain("UPSTASH_REDIS_REST_URL");
    expect(output()).toContain("KV_REST_API_*");
  });
});

describe.skipIf(!runnable)("the built app with VERCEL=1 on a read-only repository", () => {
  let server: { child: ChildProcess; output: () => string };
  let base: string;
  // Its own key: the stock limits apply here, and on the real Redis the contract key's window is shared
  // with the main test server, which sends it thousands of requests.
  let apiKey: string;

  beforeAll(async () => {
    apiKey = (await workspaceWithKey(inject("databaseUrl"), { plan: "pro" })).secret;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startVercel({ ...baseEnv(), DATABASE_URL: inject("databaseUrl"), REDIS_URL, CRON_SECRET, PORT: String(port) }, true);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.child.exitCode !== null) throw new Error(`server exited:\n${server.output()}`);
      if (await fetch(`${base}/api/v1/status`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`not ready in 60 s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  });

  afterAll(() => {
    if (server?.child.pid && server.child.exitCode === null) process.kill(-server.child.pid, "SIGTERM");
  });

  it("really runs on a read-only mount: the repository cannot be written", () => {
    const probe = spawnSync("unshare", ["-m", "--", "sh", "-c", `mount --bind "$0" "$0" && mount -o remount,ro,bind "$0" && touch "$0/.write-probe"`, ROOT]);
    expect(probe.status).not.toBe(0);
    expect(String(probe.stderr)).toMatch(/Read-only file system/);
  });

  it("serves the API with a key, charged and rate-limited through Redis", async () => {
    const response = await fetch(`${base}/api/v1/games?limit=2`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta.quota.charged).toBeGreaterThan(0);
    expect(response.headers.get("ratelimit")).toBeTruthy();
  });

  it("serves the sign-in page, signs in by mailed link, and exports through the browser session", async () => {
    const page = await fetch(`${base}/signin`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Email");
    const cookie = await signInWithHttp(`vercel-${Date.now()}@example.com`, base);
    const dashboard = await fetch(`${base}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(200);
    const xlsx = await fetch(`${base}/api/export?operation=listGames&format=xlsx&sort=-reviews&tags=indie&reviewsMin=50000`, { headers: { cookie } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-type")).toContain("spreadsheetml");
    expect(Buffer.from(await xlsx.arrayBuffer()).subarray(0, 2).toString()).toBe("PK");
  });

  it("serves MCP discovery and asks an agent without a token to authorize", async () => {
    const metadata = await fetch(`${base}/.well-known/oauth-protected-resource/api/mcp`);
    expect(metadata.status).toBe(200);
    const resource = await metadata.json();
    expect(resource.resource).toMatch(/\/api\/mcp$/);
    const server = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(server.status).toBe(200);
    expect((await server.json()).code_challenge_methods_supported).toContain("S256");
    const refused = await fetch(`${base}/api/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toContain("resource_metadata=");
  });

  it("runs the purge cron only with CRON_SECRET", async () => {
    expect((await fetch(`${base}/api/cron/purge`)).status).toBe(401);
    expect((await fetch(`${base}/api/cron/purge`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    const purged = await fetch(`${base}/api/cron/purge`, { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(purged.status).toBe(200);
    expect(await purged.json()).toEqual({
      purged: { signInTokens: expect.any(Number), outboxMail: expect.any(Number), cliDeviceCodes: expect.any(Number), oauthCodes: expect.any(Number), syncRuns: expect.any(Number) },
      // refunds queued in Redis while the database was down (none here; tests/http/refund-recovery.test.ts has some)
      refunds: { settled: 0, waiting: 0 },
    });
  });

  it("never needed a writable disk", () => {
    expect(server.output()).not.toMatch(/EROFS|read-only file system|EACCES/i);
  });
});
