// POST /api/oauth/register: dynamic client registration (RFC 7591) for MCP clients
import { oauthEndpoint } from "@/lib/oauth/oauth-endpoint";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { oauthJson } from "@/lib/oauth/oauth-urls";
import { registerClient } from "@/lib/oauth/register-client";

export const { POST, OPTIONS } = oauthEndpoint(async (request) => {
  const body = await request.json().catch(() => {
    throw new OAuthError("invalid_client_metadata", "The registration must be a JSON object.");
  });
  return oauthJson(await registerClient(request, body), 201);
});
