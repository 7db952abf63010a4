// A refund the database could not take when it was due: the database goes away right after a call's charge
// committed (tests/support/fault-proxy.ts), the call answers 503 and its refund waits. It must land exactly
// once when the database is back: on a timer in a long-lived server (in-process queue), and, as on Vercel
// (VERCEL=1, Redis, no timers), after the server that queued it was killed, applied by the next servers (a
// later call's after() and the cron, racing each other), the ledger reconciled.
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
import { until } from "../support/until";

const CRON_SECRET = randomBytes(16).toString("hex");
/** Only the charge's statement inserts ledger rows (lib/metering/credits.ts). */
const CHARGE_STATEMENT = "INSERT INTO usage_events";

let proxy: FaultProxy;
let ledger: pg.Client;
const servers: Server[] = [];

interface Server {
  base: string;
  child: ChildProcess;
  output: string[];
  kill(signal?: NodeJS.Signals): void;
}

/**
 * `npm start`'s launcher (no build) on the suite's database through the proxy: a long-lived server with
 * in-process limits and refunds, or one as the platform runs it (VERCEL=1: Redis, no timers to rely on).
 */
async function startServer(kind: "long-lived" | "vercel"): Promise<Server> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: proxy.urlFor(inject("databaseUrl")),
    LUDEX_DATA_DIR: mkdtempSync(join(tmpdir(), "ludex-refunds-")),
    LUDEX_SKIP_BUILD: "1",
    LUDEX_LIMITS: JSON.stringify(GENEROUS_LIMITS),
    CRON_SECRET,
  };
  if (kind === "vercel") Object.assign(env, { VERCEL: "1", AUTH_SECRET: randomBytes(33).toString("base64") });
  else delete env.REDIS_URL;
  const child = spawn("npx", ["tsx", "lib/runtime/start.ts"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  const output: string[] = [];
  child.stdout!.on("data", (chunk) => output.push(String(chunk)));
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  const server: Server = {
    base: `http://127.0.0.1:${port}`,
    child,
    output,
    kill: (signal = "SIGTERM") => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // its process group is gone already
      }
    },
  };
  servers.push(server);
  await until(async () => (await fetch(`${server.base}/api/health`)).status === 200, 90_000);
  return server;
}


async function call(server: Server, path: string, token?: string) {
  const res = await fetch(`${server.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

const cron = (server: Server) => fetch(`${server.base}/api/cron/purge`, { headers: { authorization: `Bearer ${CRON_SECRET}` } }).then((r) => r.json());

/** The workspace's counter, its ledger's charged credits, and the one call's ledger row. */
async function books(workspaceId: string, requestId: string) {
  const { rows } = await ledger.query(
    `SELECT (SELECT COALESCE(sum(used), 0)::int FROM credit_counters WHERE workspace_id = $1) AS used,
      (SELECT COALESCE(sum(credits), 0)::int FROM usage_events WHERE workspace_id = $1 AND status = 'charged') AS charged,
      (SELECT status FROM usage_events WHERE request_id = $2) AS status,
      (SELECT http_status FROM usage_events WHERE request_id = $2) AS "httpStatus",
      (SELECT credits FROM usage_events WHERE request_id = $2) AS credits`,
    [workspaceId, requestId],
  );
  return rows[0] as { used: number; charged: number; status: string | null; httpStatus: number | null; credits: number | null };
}

/**
 * The first charged call of a fresh workspace on `server` (an operation starts only once charged, so the
 * charge commits before the operation reads anything), with the database cut as the charge's reply comes
 * back: the call answers 503 and its refund cannot be written. Returns its request id.
 */
async function chargedThenDatabaseGone(server: Server, secret: string, workspaceId: string): Promise<string> {
  const cut = proxy.cutAfterReplyTo(CHARGE_STATEMENT);
  const failed = await call(server, "/api/v1/games/570", secret);
  await cut;
  expect(failed.status).toBe(503);
  expect(failed.body.error.code).toBe("SERVICE_UNAVAILABLE");
  expect(Number(failed.headers.get("retry-after"))).toBeGreaterThan(0);
  const requestId = failed.body.error.requestId as string;
  // The charge committed and nothing gave it back yet: this is the refund that waits.
  const before = await books(workspaceId, requestId);
  expect(before).toMatchObject({ status: "charged", httpStatus: 200, used: before.credits, charged: before.credits });
  expect(before.credits).toBeGreaterThan(0);
  const health = await call(server, "/api/health");
  expect(health.status).toBe(503);
  expect(health.body.pendingRefunds).toBe(1);
  return requestId;
}

beforeAll(async () => {
  const target = new URL(inject("databaseUrl"));
  proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.open();
  ledger = new pg.Client({ connectionString: inject("databaseUrl") });
  await ledger.connect();
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.kill("SIGKILL");
  await ledger?.end();
  await proxy?.close();
});

describe("a refund the database could not take when it was due", () => {
  it("in-process queue (no Redis): applied once by the server's own timer when the database is back, no call needed", async () => {
    const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 1_000_000 });
    const server = await startServer("long-lived");
    const requestId = await chargedThenDatabaseGone(server, secret, workspaceId);
    await proxy.open();
    await until(async () => (await books(workspaceId, requestId)).status === "refunded", 20_000);
    expect(await books(workspaceId, requestId)).toMatchObject({ status: "refunded", httpStatus: 503, used: 0, charged: 0 });
    await until(async () => (await call(server, "/api/health")).body.pendingRefunds === 0, 10_000);
    // still exactly once a while later (the timer keeps running)
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await books(workspaceId, requestId)).toMatchObject({ status: "refunded", used: 0, charged: 0 });
    expect(server.output.join("")).not.toMatch(/uncaughtException|unhandledRejection|internal error/i);
    server.kill();
  });

  it.skipIf(!process.env.REDIS_URL)(
    "VERCEL=1, queued in Redis: the server that queued it is killed; two new servers drain it at once (a call's after() and the cron, no timer), applied exactly once",
    async () => {
      const { secret, workspaceId } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 1_000_000 });
      const first = await startServer("vercel");
      const requestId = await chargedThenDatabaseGone(first, secret, workspaceId);
      // Killed outright while the database is still gone: nothing in its memory survives.
      first.kill("SIGKILL");
      await proxy.open();
      // Both new servers are up (and their timers idle) before either drains: they race for the same refund.
      const [second, third] = await Promise.all([startServer("vercel"), startServer("vercel")]);
      expect((await books(workspaceId, requestId)).status).toBe("charged");
      const [later, cronRun] = await Promise.all([call(second, "/api/v1/games/570", secret), cron(third)]);
      expect(later.status).toBe(200);
      expect(cronRun.refunds).toEqual({ settled: expect.any(Number), waiting: 0 });
      await until(async () => (await books(workspaceId, requestId)).status === "refunded", 20_000);
      await until(async () => (await call(second, "/api/health")).body.pendingRefunds === 0, 20_000);
      // Drained again by both, on purpose: nothing more is given back.
      await Promise.all([cron(second), cron(third)]);
      const charged = later.body.meta.quota.charged as number;
      expect(charged).toBeGreaterThan(0);
      expect(await books(workspaceId, requestId)).toMatchObject({ status: "refunded", httpStatus: 503, used: charged, charged });
      for (const server of [second, third]) {
        expect(server.output.join("")).not.toMatch(/uncaughtException|unhandledRejection|internal error/i);
        server.kill();
      }
    },
    240_000,
  );
});
