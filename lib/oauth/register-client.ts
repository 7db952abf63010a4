import { z } from "zod";
import { clientAddress } from "../access/client-address";
import { newId } from "../access/ids";
import { getPrisma } from "../db/prisma-client";
import { oauthRegistrationLimit } from "../metering/limits-policy";
import { checkRateLimit } from "../metering/rate-limit";
import { OAuthError } from "./oauth-error";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const REFUSED_SCHEMES = new Set(["javascript:", "data:", "file:", "blob:", "vbscript:", "about:"]);

/**
 * A redirect URI a public client may register: https, http on the loopback interface only (native apps,
 * RFC 8252), or an app's private scheme (`cursor://...`, `vscode://...`); never a fragment.
 */
export function isAcceptableRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || REFUSED_SCHEMES.has(url.protocol)) return false;
  if (url.protocol === "http:") return LOOPBACK_HOSTS.has(url.hostname);
  return true;
}

const registrationSchema = z.object({
  client_name: z.string().trim().min(1).max(100).optional(),
  redirect_uris: z.array(z.string().max(2000)).min(1).max(10),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
});

/** RFC 7591 dynamic client registration: public clients (no secret) using the authorization code with PKCE. */
export async function registerClient(request: Request, body: unknown) {
  const limit = await checkRateLimit(`oauth-register:${clientAddress(request)}`, oauthRegistrationLimit());
  if (!limit.allowed) throw new OAuthError("invalid_request", `Too many client registrations from this address; retry in ${limit.resetSeconds} s.`, 429);
  const parsed = registrationSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new OAuthError("invalid_client_metadata", `${issue.path.join(".") || "body"}: ${issue.message}`);
  }
  const input = parsed.data;
  const bad = input.redirect_uris.find((uri) => !isAcceptableRedirectUri(uri));
  if (bad) throw new OAuthError("invalid_redirect_uri", `Redirect URI '${bad.slice(0, 200)}' is not allowed: use https, http on localhost, or an app scheme.`);
  if (input.token_endpoint_auth_method && input.token_endpoint_auth_method !== "none") {
    throw new OAuthError("invalid_client_metadata", "Only public clients are supported: token_endpoint_auth_method must be 'none' (PKCE protects the code).");
  }
  const unsupported = (input.grant_types ?? []).filter((grant) => !["authorization_code", "refresh_token"].includes(grant));
  if (unsupported.length) throw new OAuthError("invalid_client_metadata", `Unsupported grant types: ${unsupported.join(", ")}.`);
  const client = await getPrisma().oAuthClient.create({
    data: { id: newId("mcpc"), name: input.client_name ?? "MCP client", redirectUris: input.redirect_uris },
  });
  return {
    client_id: client.id,
    client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
    client_name: client.name,
    redirect_uris: client.redirectUris,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
}
