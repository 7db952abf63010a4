// The MCP endpoint as an agent meets it, through the official SDK client over real HTTP.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OPERATIONS } from "../../../lib/operations";
import { workspaceWithKey } from "../../support/admin";
import { api } from "../../support/http";
import { connectMcp, flatError } from "../../support/mcp-client";

const snake = (id: string) => id.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An operation's registry example as typed tool arguments (numbers and lists as JSON, not URL text). */
function exampleArguments(tool: { inputSchema: { properties?: Record<string, any> } }, example: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(example).map(([name, text]) => {
      const schema = tool.inputSchema.properties?.[name] ?? {};
      if (schema.type === "integer" || schema.type === "number") return [name, Number(text)];
      if (schema.type === "array") return [name, text.split(",").map((item) => (schema.items?.type === "integer" ? Number(item) : item))];
      return [name, text];
    }),
  );
}

let client: Client;
let key: { secret: string; workspaceId: string; keyId: string };
beforeAll(async () => {
  key = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 100_000 });
  client = await connectMcp(key.secret);
});
afterAll(async () => {
  await client?.close();
});

describe("MCP tools", () => {
  it("lists one tool per operation, named in snake_case, plus estimate_cost; each says what it costs", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual([...OPERATIONS.map((op) => snake(op.id)), "estimate_cost"].sort());
    expect(names).toContain("get_status");
    for (const tool of tools) {
      expect(tool.description).toMatch(/Cost: /);
      expect(tool.inputSchema.type).toBe("object");
    }
    const getGame = tools.find((tool) => tool.name === "get_game")!;
    expect(getGame.inputSchema.properties?.appId).toMatchObject({ type: "integer" });
    expect(getGame.inputSchema.required).toEqual(["appId"]);
    expect(getGame.description).toContain("1 credit per call");
  });

  it("answers each operation's registry example with the REST answer's data, the charge in _meta and in meta.credits", async () => {
    const { tools } = await client.listTools();
    for (const op of OPERATIONS) {
      const tool = tools.find((t) => t.name === snake(op.id))!;
      const example = { ...op.example?.params, ...op.example?.query };
      if (op.workspaceParam) delete example[op.workspaceParam];
      const result = await client.callTool({ name: tool.name, arguments: exampleArguments(tool, example) });
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content).slice(0, 300)}`).toBeFalsy();
      const body = result.structuredContent as any;
      const credits = (result._meta as any)["dev.ludex/credits"];
      expect(credits, tool.name).toEqual(body.meta.credits);
      expect(credits.charged).toBe({ free: 0, baseline: 1, counts: 2, "per-title": 5, heavy: 20 }[op.costClass]);
      if (op.scope === "market:read") {
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(op.example?.params?.[name] ?? ""));
        const query = new URLSearchParams(op.example?.query ?? {}).toString();
        const rest = await api(query ? `${path}?${query}` : path, { token: key.secret });
        expect(body.data, tool.name).toEqual(rest.body.data);
      }
    }
  });

  it("the charge in _meta equals the ledger's entry for the call, recorded as the mcp surface", async () => {
    const result = await client.callTool({ name: "get_game", arguments: { appId: 570 } });
    const credits = (result._meta as any)["dev.ludex/credits"];
    const requestId = (result.structuredContent as any).meta.requestId;
    const ledger = await api(`/workspaces/${key.workspaceId}/usage?operation=getGame&limit=100`, { token: key.secret });
    const entry = ledger.body.data.find((e: any) => e.requestId === requestId);
    expect(entry).toMatchObject({ credits: credits.charged, surface: "mcp", tokenId: key.keyId, status: "charged" });
    const status = await client.callTool({ name: "get_status", arguments: {} });
    expect((status.structuredContent as any).data.workspace.credits.used).toBe(credits.used);
  });

  it("estimate_cost says what a call would charge and the balance after it, without charging", async () => {
    const before = (await client.callTool({ name: "get_status", arguments: {} })).structuredContent as any;
    const estimate = await client.callTool({ name: "estimate_cost", arguments: { tool: "cohort_benchmark", arguments: { tags: ["roguelike"] } } });
    const data = (estimate.structuredContent as any).data;
    expect(data).toMatchObject({ tool: "cohort_benchmark", costClass: "heavy", credits: 20, wouldExceed: false });
    expect(data.remainingAfter).toBe(data.remainingBefore - 20);
    expect(data.remainingBefore).toBe(before.data.workspace.credits.remaining);
    expect((estimate._meta as any)["dev.ludex/credits"].charged).toBe(0);
    const bad = await client.callTool({ name: "estimate_cost", arguments: { tool: "get_game", arguments: { appId: "x" } } });
    expect(bad.isError).toBe(true);
    expect(flatError(bad)).toMatchObject({ code: "BAD_REQUEST", param: "appId" });
  });

  it("errors are isError results with the flat {code, message}, the REST codes one to one", async () => {
    const missing = await client.callTool({ name: "get_game", arguments: { appId: 2147483000 } });
    expect(missing.isError).toBe(true);
    expect(flatError(missing)).toMatchObject({ code: "NOT_FOUND" });
    const invalid = await client.callTool({ name: "list_games", arguments: { limit: 0 } });
    expect(flatError(invalid)).toMatchObject({ code: "BAD_REQUEST", param: "limit" });
    const unknown = await client.callTool({ name: "list_games", arguments: { nope: 1 } });
    expect(flatError(unknown)).toMatchObject({ code: "BAD_REQUEST", param: "nope" });
    await expect(client.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it("an exhausted workspace gets QUOTA_EXCEEDED with retryAfterSeconds; free tools still answer", async () => {
    const exhausted = await workspaceWithKey(inject("databaseUrl"), { plan: "starter", allowance: 0 });
    const poor = await connectMcp(exhausted.secret);
    try {
      const result = await poor.callTool({ name: "get_game", arguments: { appId: 570 } });
      expect(result.isError).toBe(true);
      const error = flatError(result);
      expect(error.code).toBe("QUOTA_EXCEEDED");
      expect(error.retryAfterSeconds).toBeGreaterThan(0);
      expect((await poor.callTool({ name: "get_status", arguments: {} })).isError).toBeFalsy();
    } finally {
      await poor.close();
    }
  });
});

describe("the MCP endpoint over HTTP", () => {
  const mcp = (init: RequestInit) => fetch(`${inject("baseUrl")}/api/mcp`, init);
  const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };

  it("401 without a token, pointing to the protected-resource metadata", async () => {
    const res = await mcp({ method: "POST", headers, body: initialize });
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${inject("baseUrl")}/.well-known/oauth-protected-resource/api/mcp", scope="market:read workspace:read"`);
  });

  it("refuses CLI credentials and unknown tokens with invalid_token", async () => {
    const cli = await workspaceWithKey(inject("databaseUrl"), { type: "cli" });
    for (const token of [cli.secret, "ldx_not-a-token"]) {
      const res = await mcp({ method: "POST", headers: { ...headers, authorization: `Bearer ${token}` }, body: initialize });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toMatch(/error="invalid_token"/);
    }
  });

  it("GET answers 405 instead of holding an event stream open", async () => {
    const res = await mcp({ method: "GET", headers: { accept: "text/event-stream", authorization: `Bearer ${key.secret}` } });
    expect(res.status).toBe(405);
  });

  it("malformed JSON-RPC gets a JSON-RPC error", async () => {
    const res = await mcp({ method: "POST", headers: { ...headers, authorization: `Bearer ${key.secret}` }, body: "{not json" });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });
});
