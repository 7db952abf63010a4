// Limits per client address hold against forged headers: a second server with strict limits, called
// from real different socket addresses (127.0.0.x), one of them a trusted proxy.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { generateToken } from "@/lib/access/token-format";
import { examplePath } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";
import { workspaceWithKey } from "../../support/admin";
import { fromAddress } from "../../support/from-address";
import { startSecondServer } from "../../support/second-server";

const PROXY = "127.0.0.9";
let server: { base: string; stop(): void };

beforeAll(async () => {
  server = await startSecondServer({
    LUDEX_TRUSTED_PROXIES: `${PROXY}, 10.0.0.0/8`,
    LUDEX_LIMITS: JSON.stringify({
      pro: { requests: 1_000_000 },
      anonymous: { requests: 3, windowSeconds: 60 },
      anonymousCostly: { requests: 2 },
      // a day's window: the sliding window must not free a failure while the test runs
      authFailures: { requests: 5, windowSeconds: 86_400 },
    }),
  });
}, 120_000);

afterAll(() => server?.stop());

const url = (path: string) => `${server.base}/api/v1${path}`;

describe("anonymous limits per socket address", () => {
  it("forged X-Forwarded-For, X-Real-IP or our own address header earn no extra calls", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await fromAddress(url("/tags?limit=1"), "127.0.0.2")).status);
    for (let i = 0; i < 12; i++) {
      const forged = `198.51.100.${i}`;
      const res = await fromAddress(url("/tags?limit=1"), "127.0.0.2", {
        headers: { "x-forwarded-for": forged, "x-real-ip": forged, "x-ludex-client-address": forged, "x-vercel-forwarded-for": forged },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error.code).toBe("RATE_LIMITED");
    }
    expect(statuses).toEqual([200, 200, 200, ...Array(12).fill(429)]);
    // another socket address has its own allowance
    expect((await fromAddress(url("/tags?limit=1"), "127.0.0.3")).status).toBe(200);
  });

  it("behind a trusted proxy, the address it forwards for is the client", async () => {
    const via = (client: string) => fromAddress(url("/tags?limit=1"), PROXY, { headers: { "x-forwarded-for": `203.0.113.99, ${client}` } });
    const first = [];
    for (let i = 0; i < 4; i++) first.push((await via("203.0.113.7")).status);
    expect(first).toEqual([200, 200, 200, 429]);
    expect((await via("203.0.113.8")).status).toBe(200);
    // the proxy's own hops are trusted (10.0.0.0/8): the client is the first untrusted one from the right
    const chained = await fromAddress(url("/tags?limit=1"), PROXY, { headers: { "x-forwarded-for": "203.0.113.7, 10.1.2.3" } });
    expect(chained.status).toBe(429);
  });

  it("anonymous Per-title synthesis and Heavy calls have their own small daily budget", async () => {
    const op = OPERATIONS.find((o) => o.costClass === "heavy" && o.anonymous !== "deny")!;
    const path = examplePath(op, inject("workspaceId")).replace(/^\/api\/v1/, "");
    const statuses = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await fromAddress(url(path), "127.0.0.4");
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last!.body.error.message).toMatch(/Per-title synthesis and Heavy/);
    expect(Number(last!.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("failed authentications", () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  /** A valid key's latency (from 127.0.0.6) while `address` sends `token()`s, 10 at a time. */
  async function latencyDuringFlood(address: string, token: () => string, valid: () => Promise<{ status: number; ms: number }>) {
    let flooding = true;
    const flood = (async () => {
      const answers = [];
      while (flooding) {
        const batch = Array.from({ length: 10 }, () => fromAddress(url("/tags?limit=1"), address, { headers: { authorization: `Bearer ${token()}` } }));
        answers.push(...(await Promise.all(batch)));
      }
      return answers;
    })();
    const during = [];
    for (let i = 0; i < 20; i++) {
      const res = await valid();
      expect(res.status).toBe(200);
      during.push(res.ms);
    }
    flooding = false;
    return { median: median(during), answers: await flood };
  }

  it("a flood of unknown well-formed tokens gets RATE_LIMITED with Retry-After and costs others no more than malformed ones", async () => {
    const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro" });
    const valid = () => fromAddress(url("/tags?limit=1"), "127.0.0.6", { headers: { authorization: `Bearer ${secret}` } });
    await valid();

    const unknown = () => generateToken("api").secret;
    const firstFive = [];
    for (let i = 0; i < 5; i++) firstFive.push((await fromAddress(url("/tags?limit=1"), "127.0.0.5", { headers: { authorization: `Bearer ${unknown()}` } })).status);
    expect(firstFive).toEqual([401, 401, 401, 401, 401]);

    // Baseline: the same flood of tokens that fail their checksum (never a database read).
    const corrupt = (token: string) => `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`;
    const malformed = await latencyDuringFlood("127.0.0.7", () => corrupt(unknown()), valid);
    const flood = await latencyDuringFlood("127.0.0.5", unknown, valid);
    expect(flood.answers.length).toBeGreaterThan(20);
    for (const res of flood.answers) {
      expect(res.status).toBe(429);
      expect(res.body.error.code).toBe("RATE_LIMITED");
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    console.log(
      `valid calls' median latency: ${flood.median.toFixed(1)} ms during ${flood.answers.length} unknown tokens, ` +
        `${malformed.median.toFixed(1)} ms during ${malformed.answers.length} malformed ones`,
    );
    expect(flood.median).toBeLessThan(malformed.median * 2 + 50);
    // other addresses are not affected: an unknown token from elsewhere is still just UNAUTHORIZED
    const elsewhere = await fromAddress(url("/tags?limit=1"), "127.0.0.8", { headers: { authorization: `Bearer ${unknown()}` } });
    expect(elsewhere.status).toBe(401);
  });
});
