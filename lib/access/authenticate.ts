import { ApiError } from "../api/api-error";
import { afterResponse } from "../api/after-response";
import { getPrisma } from "../db/prisma-client";
import type { AnonymousCaller, TokenCaller } from "./caller";
import type { PlanId } from "./plans";
import { TOKEN_CACHE_TTL_MS, TokenCache } from "./token-cache";
import { hashToken, parseToken, type TokenType } from "./token-format";

export type { AnonymousCaller, Caller, SessionCaller, TokenCaller, WorkspaceCaller } from "./caller";
export { hasApiAccess, monthlyAllowance } from "./caller";

interface TokenRow {
  id: string;
  resource: string | null;
  oauth_client_id: string | null;
  type: TokenType;
  scopes: string[];
  expires_at: Date | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
  session_ended: boolean;
  workspace_id: string;
  workspace_name: string;
  plan: PlanId;
  custom_allowance: number | null;
  grant_credits: number;
  grant_api_access: boolean;
  session_expires_at: Date | null;
  next_grant_change: Date | null;
  epoch: number;
}

const LAST_USED_RESOLUTION_MS = 60_000;

const unauthorized = (message: string) =>
  new ApiError("UNAUTHORIZED", message, { headers: { "WWW-Authenticate": 'Bearer realm="ludex"' } });

const cache = new TokenCache<TokenCaller>();

/**
 * Limits failed authentications per client (lib/metering/auth-failures.ts): asked before a token's
 * database read, which it may refuse with RATE_LIMITED, and told of each failure after one, which it
 * may turn into RATE_LIMITED.
 */
export interface AuthFailureGuard {
  beforeLookup(): void;
  failed(error: ApiError): Promise<ApiError>;
}

/**
 * The bearer token of a request, checked in order of cost: header form, token form and checksum, then the
 * per-process cache, then one read. `fresh` skips the cache (a charge found the access epoch moved, or a
 * cached caller was about to be refused).
 */
export async function authenticate(
  request: Request,
  address: string,
  fresh = false,
  guard?: AuthFailureGuard,
): Promise<TokenCaller | AnonymousCaller> {
  const header = request.headers.get("authorization");
  if (header === null) return { kind: "anonymous", address };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized("The Authorization header must be 'Bearer <token>'.");
  const type = parseToken(match[1]);
  if (!type) throw unauthorized("The token is malformed or mistyped (its checksum does not match).");
  if (type === "mcp") {
    throw unauthorized("This is an MCP token: it is accepted only by the MCP endpoint, not by the REST API. Use an API key (ldx_) or a CLI credential (ldxc_).");
  }
  return readToken(match[1], fresh, null, guard);
}

/**
 * The bearer token of a request to the MCP endpoint (`resource`, its canonical URL): an MCP token minted
 * for that resource (RFC 8707: its audience), or an API key. CLI credentials stay with the CLI.
 * Refusals carry `invalid_token` for the MCP client's OAuth flow; the caller adds the resource metadata.
 */
export async function authenticateMcp(token: string, resource: string, fresh = false, guard?: AuthFailureGuard): Promise<TokenCaller> {
  const type = parseToken(token);
  if (!type) throw unauthorized("The token is malformed or mistyped (its checksum does not match).");
  if (type === "cli") throw unauthorized("CLI credentials (ldxc_) work with the CLI only; connect with OAuth or an API key (ldx_).");
  return readToken(token, fresh, type === "mcp" ? resource : null, guard);
}

async function readToken(secret: string, fresh: boolean, audience: string | null, guard?: AuthFailureGuard): Promise<TokenCaller> {
  const hash = hashToken(secret);
  if (!fresh) {
    const hit = cache.get(hash);
    if (hit && hit.resource === audience) {
      touchCached(hit);
      return hit;
    }
  } else cache.delete(hash);
  guard?.beforeLookup();
  const row = await findToken(hash);
  const refusal = refusalOf(row, audience);
  if (refusal) throw guard ? await guard.failed(refusal) : refusal;
  if (!row) throw refusal;
  touchLastUsed(row);
  const caller: TokenCaller = {
    kind: "token",
    tokenId: row.id,
    tokenType: row.type,
    scopes: row.scopes,
    workspace: { id: row.workspace_id, name: row.workspace_name, plan: row.plan, customAllowance: row.custom_allowance },
    grants: { credits: row.grant_credits, apiAccess: row.grant_api_access },
    epoch: row.epoch,
    hash,
    resource: row.resource,
    oauthClientId: row.oauth_client_id,
    cached: false,
  };
  const entry: TokenCaller = { ...caller, cached: true };
  lastTouched.set(entry, row.last_used_at && Date.now() - row.last_used_at.getTime() < LAST_USED_RESOLUTION_MS ? row.last_used_at.getTime() : Date.now());
  cache.set(hash, entry, validUntil(row));
  return caller;
}

function refusalOf(row: TokenRow | undefined, audience: string | null): ApiError | undefined {
  if (!row) return unauthorized("The token is not recognised.");
  if (audience !== null && row.resource !== audience) {
    return unauthorized(`This MCP token was issued for another resource (${row.resource ?? "none"}), not ${audience}.`);
  }
  if (row.revoked_at) return unauthorized("The token has been revoked.");
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return unauthorized("The token has expired.");
  if (row.session_ended) return unauthorized("The browser session that issued this CLI credential has ended; log in again.");
  return undefined;
}

/** The read holds until the TTL, or until the token, its session or one of the grants changes by the clock. */
function validUntil(row: TokenRow): number {
  const limits = [Date.now() + TOKEN_CACHE_TTL_MS, row.expires_at, row.session_expires_at, row.next_grant_change];
  return Math.min(...limits.filter((limit) => limit !== null).map((limit) => (limit instanceof Date ? limit.getTime() : limit)));
}

async function findToken(hash: string): Promise<TokenRow | undefined> {
  const rows = await getPrisma().$queryRaw<TokenRow[]>`
    SELECT t.id, t.resource, t.oauth_client_id, t.type, t.scopes, t.expires_at, t.revoked_at, t.last_used_at,
      (s.id IS NOT NULL AND (s.revoked_at IS NOT NULL OR s.expires_at <= now())) AS session_ended,
      s.expires_at AS session_expires_at,
      COALESCE((SELECT epoch FROM access_epoch WHERE id = 1), 0) AS epoch,
      (SELECT min(at) FROM grants g CROSS JOIN LATERAL (VALUES (g.starts_at), (g.ends_at)) AS b(at)
        WHERE g.workspace_id = w.id AND at > now()) AS next_grant_change,
      w.id AS workspace_id, w.name AS workspace_name, w.plan, w.custom_allowance,
      COALESCE((SELECT sum(g.credits)::int FROM grants g
        WHERE g.workspace_id = w.id AND g.starts_at <= now() AND g.ends_at > now()), 0) AS grant_credits,
      EXISTS (SELECT 1 FROM grants g
        WHERE g.workspace_id = w.id AND g.api_access AND g.starts_at <= now() AND g.ends_at > now()) AS grant_api_access
    FROM api_tokens t
    JOIN workspaces w ON w.id = t.workspace_id
    LEFT JOIN browser_sessions s ON s.id = t.browser_session_id
    WHERE t.hash = ${hash}`;
  return rows[0];
}

const lastTouched = new WeakMap<TokenCaller, number>();

/** A cached token is still used: its lastUsedAt keeps the same once-a-minute resolution. */
function touchCached(caller: TokenCaller) {
  if (Date.now() - (lastTouched.get(caller) ?? 0) < LAST_USED_RESOLUTION_MS) return;
  lastTouched.set(caller, Date.now());
  touchLastUsed({ id: caller.tokenId, last_used_at: null });
}

/** lastUsedAt to the minute: a write at most once a minute per token, not on every call. */
function touchLastUsed(row: Pick<TokenRow, "id" | "last_used_at">) {
  if (row.last_used_at && Date.now() - row.last_used_at.getTime() < LAST_USED_RESOLUTION_MS) return;
  afterResponse(`[auth] lastUsedAt update for ${row.id}`, () => getPrisma().$executeRaw`UPDATE api_tokens SET last_used_at = now() WHERE id = ${row.id}`);
}
