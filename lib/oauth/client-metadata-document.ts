import { z } from "zod";
import { guardedFetch, GuardedFetchError } from "./guarded-fetch";
import { isAcceptableRedirectUri } from "./register-client";

/**
 * OAuth Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document, the MCP authorization
 * spec's preferred registration): the client_id is an https URL, and the JSON document there names the
 * client and its redirect URIs. Fetched on demand behind the SSRF guard, and cached in this process for a
 * bounded time (the document's max-age, clamped) and a bounded number of entries.
 */
const MAX_BYTES = 5_120;
const TIMEOUT_MS = 5_000;
const MIN_TTL_MS = 60_000;
const DEFAULT_TTL_MS = 5 * 60_000;
const MAX_TTL_MS = 60 * 60_000;
const FAILURE_TTL_MS = 30_000;
const MAX_ENTRIES = 500;

export interface MetadataClient {
  id: string;
  name: string;
  redirectUris: string[];
  clientUri: string | null;
}

type Cached = { until: number } & ({ ok: true; client: MetadataClient } | { ok: false; message: string });
// One cache per process: Next.js bundles the consent page and the decision's route separately, and each
// would otherwise hold its own copy of this module (and fetch the document again).
const globals = globalThis as typeof globalThis & { ludexClientMetadataCache?: Map<string, Cached> };
const cache = (globals.ludexClientMetadataCache ??= new Map<string, Cached>());

/** A client_id in the URL form: the caller resolves it here rather than in the registered-clients table. */
export const isMetadataClientId = (clientId: string) => /^https?:\/\//i.test(clientId);

/** True when a resolve would answer from the cache, without a fetch. */
export const isCachedMetadataClient = (clientId: string) => (cache.get(clientId)?.until ?? 0) > Date.now();

/** The client_id URL the draft allows: https, a path, no fragment, no credentials, no dot segments. */
export function checkClientIdUrl(clientId: string): URL | string {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return "the client_id is not a valid URL";
  }
  if (clientId.length > 2_000) return "the client_id URL is longer than 2000 characters";
  if (url.protocol !== "https:" && url.origin !== testOrigin()) return "a URL client_id must use https";
  if (url.username || url.password) return "a URL client_id must not carry credentials";
  if (url.hash || clientId.includes("#")) return "a URL client_id must not have a fragment";
  const rawPath = clientId.replace(/^[a-z]+:\/\/[^/?#]*/i, "").replace(/[?#].*$/, "");
  if (rawPath === "" || rawPath === "/" || /(^|\/)(\.|%2e){1,2}(\/|$)/i.test(rawPath)) {
    return "a URL client_id needs a path (e.g. https://app.example.com/oauth/client.json) without . or .. segments";
  }
  return url;
}

const documentSchema = z.object({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(100),
  redirect_uris: z.array(z.string().max(2_000)).min(1).max(20),
  client_uri: z.string().max(2_000).optional(),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
  token_endpoint_auth_method: z.string().optional(),
});

/** The client behind a URL client_id, or why it cannot be used (shown on the consent page, never a redirect). */
export async function resolveMetadataClient(clientId: string): Promise<{ ok: true; client: MetadataClient } | { ok: false; message: string }> {
  const url = checkClientIdUrl(clientId);
  if (typeof url === "string") return { ok: false, message: `Unusable client: ${url}.` };
  const hit = cache.get(clientId);
  if (hit && hit.until > Date.now()) return hit;
  const outcome = await fetchDocument(url, clientId);
  remember(clientId, outcome);
  return outcome;
}

async function fetchDocument(url: URL, clientId: string): Promise<(Cached & { ok: true }) | (Cached & { ok: false })> {
  const failed = (reason: string) => ({ ok: false as const, message: `Could not use the client's metadata document at ${clientId.slice(0, 200)}: ${reason}.`, until: Date.now() + FAILURE_TTL_MS });
  let fetched;
  try {
    fetched = await guardedFetch(url, { maxBytes: MAX_BYTES, timeoutMs: TIMEOUT_MS }, testOrigin());
  } catch (error) {
    if (error instanceof GuardedFetchError) return failed(error.message);
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(fetched.body);
  } catch {
    return failed("it is not JSON");
  }
  const parsed = documentSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return failed(`${issue.path.join(".") || "document"}: ${issue.message}`);
  }
  const document = parsed.data;
  if (document.client_id !== clientId) return failed("its client_id does not match the document's URL exactly");
  const bad = document.redirect_uris.find((uri) => !isAcceptableRedirectUri(uri));
  if (bad) return failed(`redirect URI '${bad.slice(0, 200)}' is not allowed (https, http on localhost, or an app scheme)`);
  if (document.token_endpoint_auth_method && document.token_endpoint_auth_method !== "none") {
    return failed("only public clients are supported (token_endpoint_auth_method 'none'; PKCE protects the code)");
  }
  if ((document.response_types ?? ["code"]).every((type) => type !== "code")) return failed("response_types must include 'code'");
  const client = { id: clientId, name: document.client_name, redirectUris: document.redirect_uris, clientUri: document.client_uri ?? null };
  return { ok: true, client, until: Date.now() + ttlOf(fetched.cacheControl) };
}

/** The document's own max-age (no-store: the minimum), clamped so a client can neither pin us nor make us refetch each time. */
function ttlOf(cacheControl: string): number {
  if (/no-store|no-cache/i.test(cacheControl)) return MIN_TTL_MS;
  const maxAge = /max-age=(\d+)/i.exec(cacheControl);
  const ttl = maxAge ? Number(maxAge[1]) * 1000 : DEFAULT_TTL_MS;
  return Math.min(MAX_TTL_MS, Math.max(MIN_TTL_MS, ttl));
}

/** Insertion order is age order: the oldest entries go first once the cache is full. */
function remember(clientId: string, entry: Cached) {
  cache.delete(clientId);
  cache.set(clientId, entry);
  while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
}

/** Tests only: the one http loopback origin allowed to serve metadata documents (see README). */
function testOrigin(): string | undefined {
  if (process.env.VERCEL) return undefined;
  return process.env.LUDEX_TEST_CIMD_ORIGIN || undefined;
}
