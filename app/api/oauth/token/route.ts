// POST /api/oauth/token: authorization code (PKCE S256) and refresh token grants for MCP tokens (ldxm_)
import { oauthEndpoint, readForm } from "@/lib/oauth/oauth-endpoint";
import { OAuthError } from "@/lib/oauth/oauth-error";
import { oauthJson } from "@/lib/oauth/oauth-urls";
import { exchangeCode, refreshTokens } from "@/lib/oauth/token-grants";

export const { POST, OPTIONS } = oauthEndpoint(async (request) => {
  const form = await readForm(request);
  const grant = form.get("grant_type");
  if (grant === "authorization_code") return oauthJson(await exchangeCode(form));
  if (grant === "refresh_token") return oauthJson(await refreshTokens(form));
  throw new OAuthError("unsupported_grant_type", "grant_type must be authorization_code or refresh_token.");
});
