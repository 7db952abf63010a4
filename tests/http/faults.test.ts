// Database outages, against a second server whose database connections run through a proxy this test
// cuts (tests/support/fault-proxy.ts), so the suite's own server and the other tests are untouched:
// connections dropped or terminated during a stream of calls, the database unreachable, and back.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { workspaceWithKey } from "../support/admin";
import { FaultProxy } from "../support/fault-proxy";
import { freePort } from "../support/free-port";
import { GENEROUS_LIMITS } from "../support/global-setup";
import { connectMcp } from "../support/mcp-client";
import { signInWithHttp } from "../support/sign-in";
import { until } from "../support/until";

interface Answer {
  path: string;
  status: number;
  headers: Headers;
  body: any;
  ms: number;
}

let app: ChildProcess;
/** one fresh Pro workspace per test, made while the second server starts, so each ledger holds only that test's calls */
let workspaces: Promise<{ secret: string; workspaceId: string }[]>;
let base: string;
let proxy: FaultProxy;
const output: string[] = [];
// Every connection of the second server carries this name (pg reads PGAPPNAME), so only its backends are terminated.
const appName = `ludex_faults_${randomBytes(4).toString("hex")}`;

async function call(path: string, init: { token?: string; cookie?: string; server?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.cookie) headers.cookie = init.cookie;
  const started = Date.now();
  const res = await fetch(`${init.server ?? base}${path}`, { headers });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // CSV or empty
  }
  return { path, status: res.status, headers: res.headers, body, ms: Date.now() - started };
}


/** An outage answer as the issue asks for it: 503 SERVICE_UNAVAILABLE in the envelope with Retry-After. */
function expectUnavailable(answer: Answer) {
  expect({ path: answer.path, status: answer.status }).toEqual({ path: answer.path, status: 503 });
  expect(answer.body.error.code).toBe("SERVICE_UNAVAILABLE");
  expect(answer.body.error.message).toMatch(/temporarily unavailable/);
  expect(answer.body.error.requestId).toMatch(/^req_/);
  expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
}

function expectOkOrUnavailable(answers: Answer[]) {
  for (const answer of answers) {
    if (answer.status === 200) continue;
    expectUnavailable(answer);
  }
}

const PATHS = ["/api/v1/games/570", "/api/v1/tags?limit=3", "/api/v1/games?limit=5&sort=reviews", "/api/v1/status"];

/** Four clients calling in a loop for `ms` while `disrupt` runs every `every` ms. */
async function streamOfCalls(token: string, ms: number, every: number, disrupt: () => Promise<number> | number) {
  const answers: Answer[] = [];
  const stopAt = Date.now() + ms;
  let disrupted = 0;
  const client = async (offset: number) => {
    for (let i = offset; Date.now() < stopAt; i++) answers.push(await call(PATHS[i % PATHS.length], { token }));
  };
  const disruptor = async () => {
    await new Promise((r) => setTimeout(r, every / 2));
    while (Date.now() < stopAt - every / 2) {
      disrupted += await disrupt();
      await new Promise((r) => setTimeout(r, every));
    }
  };
  await Promise.all([client(0), client(1), client(2), client(3), disruptor()]);
  return { answers, disrupted };
}

function report(what: string, answers: Answer[], disrupted: number) {
  const count = (status: number) => answers.filter((a) => a.status === status).length;
  console.log(`${what}: ${disrupted} connections cut, ${answers.length} calls: ${count(200)} x 200, ${count(503)} x 503`);
}

/** The credits the 200s say they cost equal the counter, and the counter equals the ledger (refunds land, maybe late). */
async function expectLedgerReconciled(workspaceId: string, answers: Answer[]) {
  const charged = answers.filter((a) => a.status === 200).reduce((sum, a) => sum + (a.body.meta.quota?.charged ?? 0), 0);
  let usage = { used: -1, ledger: -1 };
  const ledger = new pg.Client({ connectionString: inject("databaseUrl") });
  await ledger.connect();
  try {
    await until(async () => {
      const { rows } = await ledger.query(
        `SELECT (SELECT COALESCE(sum(used), 0)::int FROM credit_counters WHERE workspace_id = $1) AS used,
          (SELECT COALESCE(sum(credits), 0)::int FROM usage_events WHERE workspace_id = $1 AND status = 'charged') AS ledger`,
        [workspaceId],
      );
      usage = rows[0];
      return usage.used === charged;
    }, 25_000).catch(() => undefined);
  } finally {
    await ledger.end();
  }
  expect(usage).toEqual({ used: charged, ledger: charged });
}

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  workspaces = Promise.all([1, 2, 3, 4].map(() => workspaceWithKey(databaseUrl, { plan: "pro", allowance: 1_000_000 })));
  const target = new URL(databaseUrl);
  proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.open();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = spawn("npx", ["tsx", "lib/runtime/start.ts"], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: proxy.urlFor(databaseUrl),
      PGAPPNAME: appName,
      LUDEX_DATA_DIR: mkdtempSync(join(tmpdir(), "ludex-faults-")),
      LUDEX_SKIP_BUILD: "1",
      LUDEX_LIMITS: JSON.stringify(GENEROUS_LIMITS),
    },
  });
  app.stdout!.on("data", (chunk) => output.push(String(chunk)));
  app.stderr!.on("data", (chunk) => output.push(String(chunk)));
  await until(async () => (await fetch(`${base}/api/health`)).status === 200, 90_000);
  await workspaces;
}, 120_000);

afterAll(async () => {
  if (app?.pid) process.kill(-app.pid, "SIGTERM");
  await proxy?.close();
});

describe("health", () => {
  it("GET /api/health: 200 naming each dependency; free, unmetered, not rate-limited; /status says the same", async () => {
    const health = await call("/api/health", { server: inject("baseUrl") });
    expect(health.status).toBe(200);
    expect(health.headers.get("ratelimit")).toBeNull();
    expect(health.body).toMatchObject({
      status: expect.stringMatching(/^(ok|degraded)$/),
      dependencies: { database: { status: "ok" }, rateLimiter: { backend: expect.stringMatching(/^(redis|upstash|memory)$/) } },
      pendingRefunds: 0,
    });
    const { secret } = (await workspaces)[0];
    const status = await call("/api/v1/status", { token: secret, server: inject("baseUrl") });
    expect(status.body.data.service.dependencies).toEqual({ database: "ok", rateLimiter: health.body.dependencies.rateLimiter });
  });
});

describe("database outages: 200 or 503 with Retry-After, never a 500; nothing charged for a 503", () => {
  it("connections cut under a stream of calls (every 400 ms): each call 200 or 503, the ledger reconciled, recovery by itself", async () => {
    const { secret, workspaceId } = (await workspaces)[1];
    const warm = await call("/api/v1/games/570", { token: secret });
    expect(warm.status).toBe(200);
    const { answers, disrupted } = await streamOfCalls(secret, 5_000, 400, () => proxy.dropAll());
    report("connections cut", answers, disrupted);
    expect(disrupted).toBeGreaterThan(0);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(10);
    expectOkOrUnavailable(answers);
    const after = await call("/api/v1/games/570", { token: secret });
    expect(after.status).toBe(200);
    await expectLedgerReconciled(workspaceId, [warm, ...answers, after]);
  });

  it.skipIf(inject("mode") === "embedded")(
    "backends terminated with pg_terminate_backend under a stream of calls: each 200 or 503, ledger reconciled (PostgreSQL only: PGlite has one backend, it cannot terminate one)",
    async () => {
      const { secret, workspaceId } = (await workspaces)[2];
      const killer = new pg.Client({ connectionString: inject("databaseUrl") });
      await killer.connect();
      try {
        const terminate = async () => {
          const { rows } = await killer.query("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1", [appName]);
          return rows[0].n as number;
        };
        const { answers, disrupted } = await streamOfCalls(secret, 5_000, 400, terminate);
        report("backends terminated", answers, disrupted);
        expect(disrupted).toBeGreaterThan(0);
        expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(10);
        expectOkOrUnavailable(answers);
        await expectLedgerReconciled(workspaceId, answers);
      } finally {
        await killer.end();
      }
    },
  );

  it("database unreachable: 503 with Retry-After on the API, the session routes and /api/health, quickly; back without a restart", async () => {
    const { secret, workspaceId } = (await workspaces)[3];
    const cookie = await signInWithHttp(`faults-${randomBytes(3).toString("hex")}@example.com`);
    const seen: Answer[] = [];
    const keyed = async (path: string) => {
      const answer = await call(path, { token: secret });
      seen.push(answer);
      return answer;
    };
    const before = [await keyed("/api/v1/games/570"), await keyed("/api/v1/tags?limit=1")];
    expect(before.map((a) => a.status)).toEqual([200, 200]);
    expect((await call("/api/dashboard/usage.csv", { cookie })).status).toBe(200);
    // The agent front door, connected while the database answers (the SDK's initialize is free).
    const agent = await connectMcp(secret, base);

    await proxy.close();
    const during = [
      await keyed("/api/v1/games/570"), // token read cached: fails at the charge
      await keyed("/api/v1/tags?limit=1"),
      await call("/api/v1/games/570"), // anonymous preview
      await call("/api/dashboard/usage.csv", { cookie }), // the browser-session front door
    ];
    for (const answer of during) {
      expectUnavailable(answer);
      expect(answer.ms).toBeLessThan(8_000);
    }
    // The MCP endpoint reads the token for every request: 503 with Retry-After, the flat error as JSON-RPC data
    const mcpStarted = Date.now();
    const mcp = await fetch(`${base}/api/mcp`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "get_game", arguments: { appId: 570 } } }),
    });
    expect(Date.now() - mcpStarted).toBeLessThan(8_000);
    expect(mcp.status).toBe(503);
    expect(Number(mcp.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await mcp.json()).error.data).toMatchObject({ code: "SERVICE_UNAVAILABLE", retryAfterSeconds: expect.any(Number) });
    const health = await call("/api/health");
    expect(health.status).toBe(503);
    expect(Number(health.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(health.body.dependencies.database.status).toBe("unavailable");

    await proxy.open();
    await until(async () => (await keyed("/api/v1/games/570")).status === 200, 20_000);
    expect((await call("/api/health")).status).toBe(200);
    expect((await call("/api/dashboard/usage.csv", { cookie })).status).toBe(200);
    // free, so the ledger check below holds only the keyed REST calls
    const recovered = await agent.callTool({ name: "get_status", arguments: {} });
    expect(recovered.isError).toBeFalsy();
    await agent.close();
    expectOkOrUnavailable(seen);
    // the charges of the 503s were refunded: the counter holds exactly what the 200s said they cost
    await expectLedgerReconciled(workspaceId, seen);
  });

  it("the server logged no uncaught exception, unhandled rejection or internal error through all of it", () => {
    const log = output.join("");
    expect(log).not.toMatch(/uncaughtException|unhandledRejection|internal error/i);
  });
});
