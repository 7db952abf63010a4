import { SCOPES } from "../api/operation";
import { publicOrigin } from "../config/deployment";

/**
 * The URLs of the MCP resource and of this app as its OAuth authorization server. The resource is the
 * endpoint's URL exactly as clients type it: MCP tokens carry it as their audience (RFC 8707).
 */
export const issuerOf = (request: Request) => publicOrigin(request);
export const mcpResourceOf = (request: Request) => `${issuerOf(request)}/api/mcp`;
export const resourceMetadataUrlOf = (request: Request) => `${issuerOf(request)}/.well-known/oauth-protected-resource/api/mcp`;

/** RFC 9728: where the MCP endpoint's tokens come from. */
export function protectedResourceMetadata(request: Request) {
  return {
    resource: mcpResourceOf(request),
    authorization_servers: [issuerOf(request)],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Ludex market data (MCP)",
    resource_documentation: `${issuerOf(request)}/docs`,
  };
}

/** RFC 8414: this app as the authorization server, public clients with PKCE S256 only. */
export function authorizationServerMetadata(request: Request) {
  const issuer = issuerOf(request);
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/api/oauth/token`,
    registration_endpoint: `${issuer}/api/oauth/register`,
    revocation_endpoint: `${issuer}/api/oauth/revoke`,
    scopes_supported: [...SCOPES],
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${issuer}/docs`,
  };
}

/** Token, registration and metadata endpoints are called by native and browser-based clients alike. */
export const OPEN_CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
  "Access-Control-Allow-Headers": "authorization, content-type, mcp-protocol-version, mcp-session-id",
  "Access-Control-Expose-Headers": "WWW-Authenticate, Mcp-Session-Id",
  "Access-Control-Max-Age": "86400",
};

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...OPEN_CORS, ...headers } });
}
