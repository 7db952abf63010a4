import { createHash, randomBytes } from "node:crypto";
import { SCOPES } from "../api/operation";
import { getPrisma } from "../db/prisma-client";
import { oauthRegistrationLimit } from "../metering/limits-policy";
import { checkRateLimit } from "../metering/rate-limit";
import { isCachedMetadataClient, isMetadataClientId, resolveMetadataClient } from "./client-metadata-document";

/** Codes live ten minutes: long enough for a slow consent, short enough to be useless if they leak. */
const CODE_TTL_MS = 10 * 60_000;
const PKCE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export interface AuthorizationRequest {
  /** `metadataUrl`: the client_id is the URL of its metadata document rather than a registration */
  client: { id: string; name: string; redirectUris: string[]; metadataUrl: boolean };
  redirectUri: string;
  codeChallenge: string;
  state: string | null;
  scopes: string[];
  resource: string;
}

/**
 * A checked authorization request, or why not. Until the client and its redirect URI are known good,
 * errors are shown to the user (`redirect` absent: sending them anywhere would be an open redirect);
 * after that they go back to the client (RFC 6749 section 4.1.2.1).
 */
export type CheckedRequest =
  | { ok: true; request: AuthorizationRequest }
  | { ok: false; message: string; redirect?: string };

export async function checkAuthorizationRequest(params: URLSearchParams, resource: string, issuer: string, address: string): Promise<CheckedRequest> {
  const found = await findClient(params.get("client_id"), address);
  if (!found.ok) return found;
  const { client } = found;
  const redirectUri = matchRedirectUri(params.get("redirect_uri"), client.redirectUris);
  if (!redirectUri) return { ok: false, message: `The redirect URI does not match any that ${client.name} registered.` };
  const state = params.get("state");
  const fail = (error: string, description: string): CheckedRequest => ({
    ok: false,
    message: description,
    redirect: redirectWith(redirectUri, { error, error_description: description, state, iss: issuer }),
  });
  if (params.get("response_type") !== "code") return fail("unsupported_response_type", "Only response_type=code is supported.");
  if (params.get("code_challenge_method") !== "S256") return fail("invalid_request", "PKCE is required: code_challenge_method=S256.");
  const codeChallenge = params.get("code_challenge") ?? "";
  if (!PKCE_CHALLENGE.test(codeChallenge)) return fail("invalid_request", "code_challenge must be the base64url SHA-256 of the code verifier (43 characters).");
  const requested = (params.get("scope") ?? "").split(" ").filter(Boolean);
  const unknownScope = requested.find((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknownScope) return fail("invalid_scope", `Unknown scope '${unknownScope.slice(0, 50)}'; Ludex offers ${SCOPES.join(", ")}.`);
  const asked = params.get("resource");
  if (asked !== null && !sameResource(asked, resource)) return fail("invalid_target", `Ludex issues tokens for ${resource} only (resource).`);
  return {
    ok: true,
    request: { client: { id: client.id, name: client.name, redirectUris: client.redirectUris, metadataUrl: isMetadataClientId(client.id) }, redirectUri, codeChallenge, state, scopes: requested.length ? [...new Set(requested)] : [...SCOPES], resource },
  };
}

/**
 * The client behind a client_id: a registration (RFC 7591) or, for a URL, its metadata document, fetched
 * behind the SSRF guard; fetches that miss the cache count against the address's registration limit.
 */
async function findClient(clientId: string | null, address: string): Promise<{ ok: true; client: { id: string; name: string; redirectUris: string[] } } | { ok: false; message: string }> {
  if (clientId && isMetadataClientId(clientId)) {
    if (!isCachedMetadataClient(clientId)) {
      const limit = await checkRateLimit(`oauth-register:${address}`, oauthRegistrationLimit());
      if (!limit.allowed) return { ok: false, message: `Too many new clients from this address; retry in ${limit.resetSeconds} s.` };
    }
    return resolveMetadataClient(clientId);
  }
  const client = clientId ? await getPrisma().oAuthClient.findUnique({ where: { id: clientId.slice(0, 100) } }) : null;
  if (!client) return { ok: false, message: "Unknown client: the application asking for access has not registered with Ludex (client_id)." };
  return { ok: true, client };
}

/** Resource indicators compare as URLs without a trailing slash; MCP clients differ on that slash. */
export function sameResource(a: string, b: string): boolean {
  const clean = (value: string) => value.replace(/\/+$/, "");
  return clean(a) === clean(b);
}

/** Exact match, except that a loopback redirect may use any port (native apps pick a free one, RFC 8252 section 7.3). */
function matchRedirectUri(given: string | null, registered: string[]): string | null {
  if (given === null) return registered.length === 1 ? registered[0] : null;
  if (registered.includes(given)) return given;
  const loose = (uri: string) => {
    try {
      const url = new URL(uri);
      if (url.protocol !== "http:" || !["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) return null;
      url.port = "";
      return url.toString();
    } catch {
      return null;
    }
  };
  const wanted = loose(given);
  return wanted && registered.some((uri) => loose(uri) === wanted) ? given : null;
}

export function redirectWith(redirectUri: string, values: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/** The approved request as a one-time code; only its hash is kept. */
export async function issueCode(request: AuthorizationRequest, userId: string, workspaceId: string): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  if (request.client.metadataUrl) {
    // A metadata-document client gets its row when first approved: tokens and the ledger name it from there.
    const { id, name, redirectUris } = request.client;
    await getPrisma().oAuthClient.upsert({ where: { id }, create: { id, name, redirectUris }, update: { name, redirectUris } });
  }
  await getPrisma().oAuthCode.create({
    data: {
      hash: hashSecret(code),
      clientId: request.client.id,
      userId,
      workspaceId,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      resource: request.resource,
      scopes: request.scopes,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    },
  });
  return code;
}

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
