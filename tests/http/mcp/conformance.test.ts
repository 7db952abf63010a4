// The official MCP conformance suite (@modelcontextprotocol/conformance, server mode) against /api/mcp, offline.
// Its client connects without credentials, so a loopback proxy adds an API key. Only the scenarios that apply
// to a tools-only server run: the rest exercise fixture tools (test_simple_text, ...), prompts, resources and
// server-to-client requests this stateless data API does not offer.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { workspaceWithKey } from "../../support/admin";

const SCENARIOS = ["server-initialize", "ping", "tools-list"];

let proxy: Server;
let proxyUrl: string;
let workDir: string;

beforeAll(async () => {
  const { secret } = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 10_000 });
  const target = new URL(`${inject("baseUrl")}/api/mcp`);
  proxy = createServer((incoming, outgoing) => {
    const forwarded = request(
      { host: target.hostname, port: target.port, path: target.pathname, method: incoming.method, headers: { ...incoming.headers, host: target.host, authorization: `Bearer ${secret}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}/mcp`;
  workDir = mkdtempSync(join(tmpdir(), "ludex-conformance-"));
});
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

function runScenario(scenario: string): Promise<{ code: number; output: string }> {
  const bin = join(process.cwd(), "node_modules/.bin/conformance");
  return new Promise((resolve) => {
    execFile(bin, ["server", "--url", proxyUrl, "--scenario", scenario], { cwd: workDir, timeout: 60_000, env: { ...process.env, NO_COLOR: "1" } }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` });
    });
  });
}

describe("MCP conformance suite (server mode)", () => {
  for (const scenario of SCENARIOS) {
    it(`passes ${scenario}`, async () => {
      const { code, output } = await runScenario(scenario);
      expect(code, output.slice(-3000)).toBe(0);
      expect(output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
    }, 90_000);
  }
});
