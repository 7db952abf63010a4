// A second server on the same database, with strict limits and its own real Redis that the test stops.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { workspaceWithKey } from "../../support/admin";
import { freePort } from "../../support/free-port";
import { until } from "../../support/until";


let app: ChildProcess;
let redis: ChildProcess | undefined;
let base: string;
let redisPort: number;

function startRedis() {
  redis = spawn("redis-server", ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
}


const get = async (path: string, token?: string) => {
  const res = await fetch(`${base}/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
};

beforeAll(async () => {
  redisPort = await freePort();
  startRedis();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  app = spawn("npx", ["tsx", "lib/runtime/start.ts"], {
    detached: true,
    stdio: "ignore",
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: inject("databaseUrl"),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      LUDEX_DATA_DIR: mkdtempSync(join(tmpdir(), "ludex-rl-")),
      LUDEX_SKIP_BUILD: "1",
      LUDEX_LIMITS: JSON.stringify({ starter: { requests: 5, windowSeconds: 60 }, anonymous: { requests: 3, windowSeconds: 60 } }),
    },
  });
  await until(async () => (await fetch(`${base}/api/v1/tags?limit=1`, { headers: { "x-forwarded-for": "10.9.9.9" } })).status < 500, 60_000);
}, 90_000);

afterAll(async () => {
  if (app?.pid) process.kill(-app.pid, "SIGTERM");
  redis?.kill("SIGKILL");
});

describe("rate limits on a real Redis", () => {
  it("limits a token per plan: RATE_LIMITED with Retry-After and the IETF fields", async () => {
    const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "starter" });
    const results = [];
    for (let i = 0; i < 7; i++) results.push(await get("/tags?limit=1", secret));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(results[0].headers.get("ratelimit-policy")).toBe('"starter";q=5;w=60');
    expect(results[0].headers.get("ratelimit")).toMatch(/^"starter";r=4;t=\d+$/);
    const limited = results[5];
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps answering with a warning while Redis is down, and limits again when it is back", async () => {
    const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "starter" });
    expect((await get("/tags?limit=1", secret)).body.warnings).toBeUndefined();
    redis!.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    const during = [];
    for (let i = 0; i < 8; i++) during.push(await get("/tags?limit=1", secret));
    for (const res of during) {
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual([expect.objectContaining({ code: "RATE_LIMIT_UNAVAILABLE" })]);
    }
    startRedis();
    await until(async () => (await get("/tags?limit=1", secret)).body.warnings === undefined);
  });
});
