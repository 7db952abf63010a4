import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { authenticateMcp } from "../access/authenticate";
import { ApiError, asApiError } from "../api/api-error";
import { SCOPES } from "../api/operation";
import { mcpResourceOf, OPEN_CORS, resourceMetadataUrlOf } from "../oauth/oauth-urls";
import type { TokenCaller } from "../access/caller";
import { buildMcpServer } from "./mcp-server";
import { missingScopes } from "./scope-challenge";

/**
 * The MCP front door (Streamable HTTP, stateless, JSON answers): the caller is the bearer token, an MCP
 * token minted for this endpoint or an API key; without one, a 401 whose WWW-Authenticate points MCP
 * clients to the OAuth discovery documents (RFC 9728). GET would open an event stream this stateless
 * server never uses: 405.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  if (request.method === "OPTIONS") return new Response(null, { status: 204, headers: OPEN_CORS });
  if (request.method !== "POST") {
    return Response.json(
      { jsonrpc: "2.0", error: { code: -32000, message: `${request.method.slice(0, 20)} is not allowed: this stateless endpoint takes JSON-RPC by POST.` }, id: null },
      { status: 405, headers: { Allow: "POST, OPTIONS", ...OPEN_CORS } },
    );
  }
  const resource = mcpResourceOf(request);
  const token = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (!token) return challenge(request, null, "Authorization needed: connect through OAuth (see the resource metadata) or send 'Authorization: Bearer ldx_...'.");
  let caller: TokenCaller;
  try {
    // A fresh read, once per request: tools/list and the like run outside the pipeline, whose charge is what
    // catches a cached read of a token revoked or rotated since. Tool calls then use the read it cached.
    caller = await authenticateMcp(token, resource, true);
  } catch (error) {
    if (error instanceof ApiError && error.code === "UNAUTHORIZED") return challenge(request, "invalid_token", error.message);
    const refusal = asApiError(error);
    if (refusal instanceof ApiError) return refused(refusal);
    throw error;
  }
  const body = await request.text();
  const missing = caller.tokenType === "mcp" ? missingScopes(body, caller.scopes) : [];
  if (missing.length) return insufficientScope(request, [...new Set([...caller.scopes, ...missing])], missing);
  const server = buildMcpServer({ identify: (fresh) => authenticateMcp(token, resource, fresh), workspaceId: caller.workspace.id });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(new Request(request, { body }));
    for (const [name, value] of Object.entries(OPEN_CORS)) response.headers.set(name, value);
    return response;
  } finally {
    await server.close();
  }
}

/**
 * A refusal before any JSON-RPC message is read (the database down while the token is read, a rate limit):
 * the HTTP status and Retry-After an MCP client's transport sees, and the flat error as the JSON-RPC error's data.
 */
function refused(error: ApiError): Response {
  const retryAfter = Number(error.headers["Retry-After"]);
  const flat = { code: error.code, message: error.message, ...(Number.isFinite(retryAfter) ? { retryAfterSeconds: retryAfter } : {}) };
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32000, message: error.message, data: flat }, id: null },
    { status: error.status, headers: { ...error.headers, "Cache-Control": "no-store", ...OPEN_CORS } },
  );
}

/** RFC 6750 section 3.1 as the MCP spec asks: 403, and the scopes to ask for (those held plus those missing). */
function insufficientScope(request: Request, scopes: string[], missing: string[]): Response {
  const message = `This connection lacks the ${missing.join(", ")} scope${missing.length > 1 ? "s" : ""} the call needs; authorize again with ${scopes.join(" ")}.`;
  const header = `Bearer error="insufficient_scope", scope="${scopes.join(" ")}", resource_metadata="${resourceMetadataUrlOf(request)}", error_description="${message}"`;
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32001, message, data: { code: "FORBIDDEN", message, requiredScopes: scopes } }, id: null },
    { status: 403, headers: { "WWW-Authenticate": header, "Cache-Control": "no-store", ...OPEN_CORS } },
  );
}

function challenge(request: Request, error: "invalid_token" | null, message: string): Response {
  const quoted = message.replace(/["\\]/g, "'");
  // scope: what to ask for (the MCP spec's scope selection reads it before scopes_supported)
  const parts = [`resource_metadata="${resourceMetadataUrlOf(request)}"`, `scope="${SCOPES.join(" ")}"`, ...(error ? [`error="${error}"`, `error_description="${quoted}"`] : [])];
  return Response.json(
    { jsonrpc: "2.0", error: { code: -32001, message }, id: null },
    { status: 401, headers: { "WWW-Authenticate": `Bearer ${parts.join(", ")}`, "Cache-Control": "no-store", ...OPEN_CORS } },
  );
}
