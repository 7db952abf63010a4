import { createHash } from "node:crypto";
import { createKey } from "../access/manage-access";
import { generateToken, hashToken } from "../access/token-format";
import { getPrisma } from "../db/prisma-client";
import { hashSecret, sameResource } from "./authorization-request";
import { OAuthError } from "./oauth-error";

/** MCP access tokens are short-lived (an hour) and refreshed; refresh tokens rotate at every use. */
const ACCESS_TTL_SECONDS = Number(process.env.LUDEX_MCP_ACCESS_TOKEN_TTL ?? 3_600);
const REFRESH_TTL_SECONDS = Number(process.env.LUDEX_MCP_REFRESH_TOKEN_TTL ?? 30 * 86_400);

interface CodeRow {
  client_id: string;
  user_id: string;
  workspace_id: string;
  redirect_uri: string;
  code_challenge: string;
  resource: string;
  scopes: string[];
}

const required = (form: URLSearchParams, name: string) => {
  const value = form.get(name);
  if (!value) throw new OAuthError("invalid_request", `${name} is required.`);
  return value;
};

/** grant_type=authorization_code: the code once, with its PKCE verifier, for an access and a refresh token. */
export async function exchangeCode(form: URLSearchParams) {
  const code = required(form, "code");
  const clientId = required(form, "client_id");
  const verifier = required(form, "code_verifier");
  // Spent in the same statement that reads it: a code replayed in parallel wins once.
  const rows = await getPrisma().$queryRaw<CodeRow[]>`
    UPDATE oauth_codes SET used_at = now()
    WHERE hash = ${hashSecret(code)} AND used_at IS NULL AND expires_at > now()
    RETURNING client_id, user_id, workspace_id, redirect_uri, code_challenge, resource, scopes`;
  const grant = rows[0];
  if (!grant) throw new OAuthError("invalid_grant", "The authorization code is unknown, expired or already used.");
  if (grant.client_id !== clientId) throw new OAuthError("invalid_grant", "The code was issued to another client.");
  if (form.has("redirect_uri") && form.get("redirect_uri") !== grant.redirect_uri) throw new OAuthError("invalid_grant", "redirect_uri differs from the authorization request's.");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  if (challenge !== grant.code_challenge) throw new OAuthError("invalid_grant", "The code_verifier does not match the code_challenge (PKCE).");
  const resource = form.get("resource");
  if (resource !== null && !sameResource(resource, grant.resource)) throw new OAuthError("invalid_target", `The code was issued for ${grant.resource}.`);
  await requireMember(grant.user_id, grant.workspace_id);
  const client = await getPrisma().oAuthClient.findUniqueOrThrow({ where: { id: clientId } });
  const refresh = generateToken("mcp");
  const token = await createKey({
    workspaceId: grant.workspace_id,
    type: "mcp",
    scopes: grant.scopes,
    expiresInSeconds: ACCESS_TTL_SECONDS,
    createdByUserId: grant.user_id,
    clientName: client.name,
    name: client.name,
    oauth: { resource: grant.resource, clientId, refreshHash: refresh.hash, refreshExpiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000) },
  });
  return tokenResponse(token.secret, refresh.secret, grant.scopes);
}

/** grant_type=refresh_token: a new pair; the old refresh token is spent, and spending it again revokes the connection. */
export async function refreshTokens(form: URLSearchParams) {
  const presented = hashToken(required(form, "refresh_token"));
  const clientId = required(form, "client_id");
  const prisma = getPrisma();
  const row = await prisma.apiToken.findFirst({ where: { type: "mcp", OR: [{ refreshHash: presented }, { previousRefreshHash: presented }] } });
  if (!row || row.oauthClientId !== clientId) throw new OAuthError("invalid_grant", "The refresh token is not recognised.");
  if (row.previousRefreshHash === presented) {
    // A rotated-out refresh token came back: someone holds a copy. End the connection for both holders.
    await prisma.apiToken.updateMany({ where: { id: row.id, revokedAt: null }, data: { revokedAt: new Date() } });
    throw new OAuthError("invalid_grant", "This refresh token was already used; the connection has been revoked. Authorize again.");
  }
  if (row.revokedAt) throw new OAuthError("invalid_grant", "The connection has been revoked. Authorize again.");
  if (!row.refreshExpiresAt || row.refreshExpiresAt <= new Date()) throw new OAuthError("invalid_grant", "The refresh token has expired. Authorize again.");
  const resource = form.get("resource");
  if (resource !== null && !sameResource(resource, row.resource ?? "")) throw new OAuthError("invalid_target", `The token was issued for ${row.resource}.`);
  if (row.createdByUserId) await requireMember(row.createdByUserId, row.workspaceId);
  const access = generateToken("mcp");
  const refresh = generateToken("mcp");
  const { count } = await prisma.apiToken.updateMany({
    where: { id: row.id, refreshHash: presented, revokedAt: null },
    data: {
      hash: access.hash,
      displayPrefix: access.displayPrefix,
      last4: access.last4,
      expiresAt: new Date(Date.now() + ACCESS_TTL_SECONDS * 1000),
      refreshHash: refresh.hash,
      previousRefreshHash: presented,
      refreshExpiresAt: new Date(Date.now() + REFRESH_TTL_SECONDS * 1000),
    },
  });
  if (count === 0) throw new OAuthError("invalid_grant", "The refresh token was just used by another request.");
  return tokenResponse(access.secret, refresh.secret, row.scopes);
}

/** RFC 7009: an MCP access or refresh token ends its connection; anything else is ignored, and the answer is the same. */
export async function revokeToken(form: URLSearchParams) {
  const token = form.get("token");
  if (!token) throw new OAuthError("invalid_request", "token is required.");
  const hash = hashToken(token);
  const clientId = form.get("client_id");
  await getPrisma().apiToken.updateMany({
    where: { type: "mcp", revokedAt: null, OR: [{ hash }, { refreshHash: hash }], ...(clientId ? { oauthClientId: clientId } : {}) },
    data: { revokedAt: new Date() },
  });
}

async function requireMember(userId: string, workspaceId: string) {
  const membership = await getPrisma().membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } } });
  if (!membership) throw new OAuthError("invalid_grant", "The user who approved this is no longer a member of the workspace.");
}

function tokenResponse(accessToken: string, refreshToken: string, scopes: string[]) {
  return { access_token: accessToken, token_type: "Bearer", expires_in: ACCESS_TTL_SECONDS, refresh_token: refreshToken, scope: scopes.join(" ") };
}
