import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { inject } from "vitest";

/** The official MCP SDK client, connected over real HTTP to the built server's /api/mcp with a bearer token. */
export async function connectMcp(token: string, base = inject("baseUrl")): Promise<Client> {
  const client = new Client({ name: "ludex-tests", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

/** The tool's flat error (`{code, message, retryAfterSeconds?}`) from an `isError` result's text. */
export function flatError(result: Record<string, unknown>) {
  const content = result.content as { type: string; text: string }[];
  return JSON.parse(content[0].text) as { code: string; message: string; retryAfterSeconds?: number; param?: string };
}
