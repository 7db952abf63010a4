// The shared security suite: every operation of the registry against every way a caller can be wrong.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { generateToken } from "@/lib/access/token-format";
import { examplePath } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";
import { admin, workspaceWithKey } from "../../support/admin";
import { api } from "../../support/http";

interface Fixture {
  revoked: string;
  expiredCli: string;
  mcp: string;
  freePlan: string;
  marketOnly: string;
  workspaceOnly: string;
  other: { secret: string; workspaceId: string };
  exhausted: { secret: string; workspaceId: string };
  grantOnFree: string;
}

let f: Fixture;
const url = () => inject("databaseUrl");

beforeAll(async () => {
  const [revoked, expiredCli, mcp, freePlan, marketOnly, workspaceOnly, other, exhausted, grantOnFree] = await Promise.all([
    workspaceWithKey(url()),
    workspaceWithKey(url(), { type: "cli", expiresIn: 1 }),
    workspaceWithKey(url(), { type: "mcp" }),
    workspaceWithKey(url(), { plan: "free" }),
    workspaceWithKey(url(), { scopes: "market:read" }),
    workspaceWithKey(url(), { scopes: "workspace:read" }),
    workspaceWithKey(url()),
    workspaceWithKey(url(), { plan: "starter", allowance: 0 }),
    workspaceWithKey(url(), { plan: "free" }),
  ]);
  await admin(url(), "key", "revoke", "--id", revoked.keyId);
  await admin(url(), "grant", "create", "--workspace", grantOnFree.workspaceId, "--api-access", "--credits", "100", "--until", "2099-01-01");
  await new Promise((resolve) => setTimeout(resolve, 1_100)); // let the CLI credential expire
  f = {
    revoked: revoked.secret,
    expiredCli: expiredCli.secret,
    mcp: mcp.secret,
    freePlan: freePlan.secret,
    marketOnly: marketOnly.secret,
    workspaceOnly: workspaceOnly.secret,
    other,
    exhausted,
    grantOnFree: grantOnFree.secret,
  };
}, 300_000);

const ownPath = (op: (typeof OPERATIONS)[number], workspaceId = inject("workspaceId")) => examplePath(op, workspaceId);

function expectError(res: { status: number; headers: Headers; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.error.code).toBe(code);
  expect(res.body.error.requestId).toMatch(/^req_/);
  expect(res.headers.get("request-id")).toBe(res.body.error.requestId);
}

/** The values a preview lock path reaches (`groups[].estimated`: every group's `estimated`). */
function valuesAt(value: any, path: string[]): unknown[] {
  const [head, ...rest] = path;
  if (head === undefined) return [value];
  if (!value || typeof value !== "object") return [];
  const walksArray = head.endsWith("[]");
  const child = value[walksArray ? head.slice(0, -2) : head];
  if (child === undefined) return [];
  if (!walksArray) return rest.length ? valuesAt(child, rest) : [child];
  return Array.isArray(child) ? child.flatMap((item) => valuesAt(item, rest)) : [];
}

const bearer = (token: string) => ({ token: null, headers: { authorization: `Bearer ${token}` } });

describe.each(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))("%s", (_, op) => {
  const path = () => ownPath(op);

  it("with no token: the preview, or UNAUTHORIZED where a token is required", async () => {
    const res = await api(path(), { token: null });
    if (op.anonymous === "deny") expectError(res, 401, "UNAUTHORIZED");
    else {
      expect(res.status).toBe(200);
      expect(res.body.meta.preview).toBe(true);
      expect(res.headers.get("ratelimit-policy")).toMatch(/^"anonymous";q=\d+;w=\d+$/);
    }
  });

  it.each([
    ["a non-Bearer scheme", { token: null, headers: { authorization: "Basic dXNlcjpwYXNz" } }],
    ["a malformed token", bearer("ldx_short")],
    ["a token with a bad checksum", bearer(generateToken("api").secret.replace(/.$/, (c) => (c === "A" ? "B" : "A")))],
    ["an unknown well-formed token", bearer(generateToken("api").secret)],
  ])("with %s: UNAUTHORIZED", async (_, init) => {
    expectError(await api(path(), init), 401, "UNAUTHORIZED");
  });

  it("with a revoked key: UNAUTHORIZED", async () => expectError(await api(path(), { token: f.revoked }), 401, "UNAUTHORIZED"));
  it("with an expired CLI credential: UNAUTHORIZED", async () => {
    const res = await api(path(), { token: f.expiredCli });
    expectError(res, 401, "UNAUTHORIZED");
    expect(res.body.error.message).toMatch(/expired/);
  });
  it("with an MCP token: UNAUTHORIZED naming the MCP endpoint", async () => {
    const res = await api(path(), { token: f.mcp });
    expectError(res, 401, "UNAUTHORIZED");
    expect(res.body.error.message).toMatch(/MCP/);
  });
  it("on the Free plan: PLAN_REQUIRED", async () => expectError(await api(path(), { token: f.freePlan }), 402, "PLAN_REQUIRED"));
  it("on the Free plan with a complimentary grant: allowed", async () => {
    const res = await api(ownPath(op, "ws_none"), { token: f.grantOnFree });
    if (op.workspaceParam) expectError(res, 403, "FORBIDDEN");
    else expect(res.status).toBe(200);
  });
  it("without the scope it needs: FORBIDDEN", async () => {
    const token = op.scope === "market:read" ? f.workspaceOnly : f.marketOnly;
    expectError(await api(path(), { token }), 403, "FORBIDDEN");
  });
  it("reaching another workspace's resource: FORBIDDEN (where it names a workspace)", async () => {
    const res = await api(path(), { token: f.other.secret });
    if (op.workspaceParam) expectError(res, 403, "FORBIDDEN");
    else expect(res.status).toBe(200);
  });
  it("with the allowance used up: QUOTA_EXCEEDED with Retry-After to the reset, unless the operation is free", async () => {
    const res = await api(ownPath(op, f.exhausted.workspaceId), { token: f.exhausted.secret });
    if (op.costClass === "free") return expect(res.status).toBe(200);
    expectError(res, 429, "QUOTA_EXCEEDED");
    const now = new Date();
    const reset = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
    expect(Math.abs(Number(res.headers.get("retry-after")) - (reset - now.getTime()) / 1000)).toBeLessThan(60);
    expect(res.body.error.message).toMatch(/Upgrade|wait/);
  });
  it("anonymous and authenticated answers have the same shape", async () => {
    if (op.anonymous === "deny") return;
    const [anonymous, authenticated] = await Promise.all([api(path(), { token: null }), api(path())]);
    const shape = (value: any): any =>
      Array.isArray(value) ? (value.length ? [shape(value[0])] : []) : value && typeof value === "object" ? Object.keys(value).sort() : typeof value;
    const a = anonymous.body.data;
    const b = authenticated.body.data;
    const first = (v: any) => (Array.isArray(v) ? v[0] : v);
    if (op.id === "getStatus") return expect(Object.keys(a).sort()).toEqual(Object.keys(b).sort());
    expect(shape(first(a))).toEqual(shape(first(b)));
    for (const lock of anonymous.body.meta.locked) {
      const values = valuesAt(first(a), lock.split("."));
      expect(values.length, lock).toBeGreaterThan(0);
      for (const value of values) expect(value, lock).toBeNull();
    }
  });
});
