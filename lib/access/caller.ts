import { PLANS, type PlanId } from "./plans";
import type { TokenType } from "./token-format";

/** What every caller who spends a workspace's credits carries: the workspace, its grants and the epoch read. */
interface WorkspaceMember {
  scopes: string[];
  workspace: { id: string; name: string; plan: PlanId; customAllowance: number | null };
  grants: { credits: number; apiAccess: boolean };
  /** the access epoch this was read under: charges check it (lib/access/token-cache.ts) */
  epoch: number;
  /** true when this came from the per-process cache rather than a read */
  cached: boolean;
}

/** A bearer token: an API key, a CLI credential, or (on the MCP endpoint) an MCP token. */
export interface TokenCaller extends WorkspaceMember {
  kind: "token";
  tokenId: string;
  tokenType: TokenType;
  /** the token hash, the cache key */
  hash: string;
  /** MCP tokens: the resource they were minted for (their audience) */
  resource: string | null;
  /** MCP tokens: the OAuth client holding it, recorded in the ledger */
  oauthClientId: string | null;
}

/**
 * A signed-in dashboard user acting in their session's current workspace (the copilot, charts and export).
 * Never cached: the session, membership and workspace are read for every call.
 */
export interface SessionCaller extends WorkspaceMember {
  kind: "session";
  sessionId: string;
  userId: string;
  role: "owner" | "member";
}

export interface AnonymousCaller {
  kind: "anonymous";
  address: string;
}

export type WorkspaceCaller = TokenCaller | SessionCaller;
export type Caller = WorkspaceCaller | AnonymousCaller;

export function hasApiAccess(caller: WorkspaceCaller): boolean {
  return PLANS[caller.workspace.plan].apiAccess || caller.grants.apiAccess;
}

export function monthlyAllowance(caller: WorkspaceCaller): number {
  const base = caller.workspace.customAllowance ?? PLANS[caller.workspace.plan].monthlyCredits;
  return base + caller.grants.credits;
}
