import { authenticate } from "../access/authenticate";
import { clientAddress } from "../access/client-address";
import { ApiError } from "../api/api-error";
import { newRequestId } from "../api/request-id";
import { errorResponse } from "../api/responses";
import { publicOrigin } from "../config/deployment";
import { getPrisma } from "../db/prisma-client";
import { cliDeviceLimit, cliTokenLimit } from "../metering/limits-policy";
import { checkRateLimit } from "../metering/rate-limit";
import { CLI_CLIENT_ID, pollDeviceAuthorization, startDeviceAuthorization } from "./device-authorization";

export const DEVICE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";
export const ACTIVATE_PATH = "/cli/activate";

/** RFC 6749 section 5.2's error body, which RFC 8628 extends: `{error, error_description}`. */
function oauthError(status: number, error: string, description: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return Response.json({ error, error_description: description, ...extra }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** RFC 8628 section 3.1: form-encoded (as the RFC says), or JSON for convenience. Null when unreadable. */
async function readParams(request: Request): Promise<Record<string, string> | null> {
  const type = request.headers.get("content-type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = (await request.json()) as unknown;
      if (!body || typeof body !== "object" || Array.isArray(body)) return null;
      return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<string, string>;
    }
    return Object.fromEntries(new URLSearchParams(await request.text()));
  } catch {
    return null;
  }
}

/** What a client says about itself is shown to a person: printable, short, never markup. */
function label(value: string | undefined, fallback: string): string {
  const clean = (value ?? "").replace(/[^\x20-\x7e]/g, "").trim().slice(0, 64);
  return clean || fallback;
}

async function limited(key: string, policy: ReturnType<typeof cliTokenLimit>): Promise<Response | null> {
  const outcome = await checkRateLimit(key, policy);
  if (outcome.allowed) return null;
  return oauthError(429, "slow_down", `Too many requests: retry after ${outcome.resetSeconds} s.`, {}, { "Retry-After": String(outcome.resetSeconds) });
}

/** POST /api/cli/device: RFC 8628 section 3.2's device authorization response. */
export async function deviceAuthorizationEndpoint(request: Request): Promise<Response> {
  const refused = await limited(`cli-device:${clientAddress(request)}`, cliDeviceLimit());
  if (refused) return refused;
  const params = await readParams(request);
  if (!params) return oauthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded (or JSON).");
  if (params.client_id !== undefined && params.client_id !== CLI_CLIENT_ID) {
    return oauthError(401, "invalid_client", `Unknown client_id; the Ludex CLI is '${CLI_CLIENT_ID}'.`);
  }
  const started = await startDeviceAuthorization({ host: label(params.host, "unknown host"), version: label(params.version, "unknown version") });
  const verificationUri = `${publicOrigin(request)}${ACTIVATE_PATH}`;
  return Response.json(
    {
      device_code: started.deviceCode,
      user_code: started.userCode,
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?code=${encodeURIComponent(started.userCode)}`,
      expires_in: started.expiresIn,
      interval: started.interval,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** POST /api/cli/token: polled by the CLI; RFC 8628 section 3.5's answers until the credential is issued. */
export async function deviceTokenEndpoint(request: Request): Promise<Response> {
  const refused = await limited(`cli-token:${clientAddress(request)}`, cliTokenLimit());
  if (refused) return refused;
  const params = await readParams(request);
  if (!params) return oauthError(400, "invalid_request", "The body must be application/x-www-form-urlencoded (or JSON).");
  if (params.grant_type !== DEVICE_GRANT_TYPE) {
    return oauthError(400, "unsupported_grant_type", `grant_type must be ${DEVICE_GRANT_TYPE}.`);
  }
  if (!params.device_code) return oauthError(400, "invalid_request", "device_code is required.");
  const outcome = await pollDeviceAuthorization(params.device_code);
  if (!outcome.ok) return oauthError(400, outcome.error, outcome.description, outcome.interval ? { interval: outcome.interval } : {});
  const expiresIn = outcome.token.expiresAt ? Math.max(0, Math.round((Date.parse(outcome.token.expiresAt) - Date.now()) / 1000)) : undefined;
  return Response.json(
    {
      access_token: outcome.token.secret,
      token_type: "Bearer",
      expires_in: expiresIn,
      scope: outcome.token.scopes.join(" "),
      // Beyond RFC 6749: what `ludex auth status` shows without another call.
      expires_at: outcome.token.expiresAt,
      workspace: outcome.workspace,
      client_name: outcome.clientName,
    },
    { headers: { "Cache-Control": "no-store", Pragma: "no-cache" } },
  );
}

/**
 * GET /api/cli/credential: the bearer token's own record (type, workspace, expiry, the session it rides
 * on), for `ludex auth status`. DELETE: revokes a CLI credential with itself, for `ludex logout`.
 */
export async function credentialEndpoint(request: Request): Promise<Response> {
  const requestId = newRequestId();
  try {
    const caller = await authenticate(request, clientAddress(request), true);
    if (caller.kind !== "token") throw new ApiError("UNAUTHORIZED", "Send the credential as 'Authorization: Bearer ldxc_...'.");
    const token = await getPrisma().apiToken.findUniqueOrThrow({ where: { id: caller.tokenId }, include: { browserSession: true } });
    if (request.method === "DELETE") {
      if (token.type !== "cli") throw new ApiError("FORBIDDEN", "Only CLI credentials (ldxc_) revoke themselves here; revoke API keys in the dashboard.");
      await getPrisma().apiToken.updateMany({ where: { id: token.id, revokedAt: null }, data: { revokedAt: new Date() } });
      return Response.json({ id: token.id, revoked: true }, { headers: { "Cache-Control": "no-store" } });
    }
    return Response.json(
      {
        id: token.id,
        type: token.type,
        name: token.name,
        clientName: token.clientName,
        scopes: token.scopes,
        workspace: { id: caller.workspace.id, name: caller.workspace.name },
        createdAt: token.createdAt.toISOString(),
        expiresAt: token.expiresAt?.toISOString() ?? null,
        browserSessionExpiresAt: token.browserSession?.expiresAt.toISOString() ?? null,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return errorResponse(error, requestId);
  }
}
