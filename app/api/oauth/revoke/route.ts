// POST /api/oauth/revoke: token revocation (RFC 7009) for MCP access and refresh tokens
import { oauthEndpoint, readForm } from "@/lib/oauth/oauth-endpoint";
import { revokeToken } from "@/lib/oauth/token-grants";

export const { POST, OPTIONS } = oauthEndpoint(async (request) => {
  await revokeToken(await readForm(request));
  return new Response(null, { status: 200, headers: { "Cache-Control": "no-store", "Access-Control-Allow-Origin": "*" } });
});
