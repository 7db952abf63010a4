import { getPrisma } from "../db/prisma-client";
import { SCOPES } from "../api/operation";
import type { SessionCaller } from "./caller";
import type { PlanId } from "./plans";
import { hashToken } from "./token-format";

/** Auth.js's session cookie: the `__Secure-` name over HTTPS, the plain one on http://localhost. */
export const SESSION_COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

export type Role = "owner" | "member";

/** A signed-in browser session, its user, and the workspace it is acting in (null: a member of none). */
export interface BrowserSession {
  sessionId: string;
  expiresAt: Date;
  user: { id: string; email: string; name: string | null };
  workspace: { id: string; name: string; plan: PlanId; customAllowance: number | null } | null;
  role: Role | null;
  grants: { credits: number; apiAccess: boolean };
  epoch: number;
}

interface SessionRow {
  session_id: string;
  expires_at: Date;
  user_id: string;
  email: string;
  user_name: string | null;
  workspace_id: string | null;
  workspace_name: string | null;
  plan: PlanId | null;
  custom_allowance: number | null;
  role: Role | null;
  grant_credits: number;
  grant_api_access: boolean;
  epoch: number;
}

/**
 * The session behind a session cookie's value, read in one statement: the session must be neither ended
 * nor expired, and the workspace is the session's current one while the user is still a member of it
 * (otherwise their most recently joined workspace). Nothing is cached: a removed member or an ended
 * session is refused at the next request.
 */
export async function readBrowserSession(sessionToken: string): Promise<BrowserSession | null> {
  const rows = await getPrisma().$queryRaw<SessionRow[]>`
    SELECT s.id AS session_id, s.expires_at, u.id AS user_id, u.email, u.name AS user_name,
      w.id AS workspace_id, w.name AS workspace_name, w.plan, w.custom_allowance, m.role,
      COALESCE((SELECT sum(g.credits)::int FROM grants g
        WHERE g.workspace_id = w.id AND g.starts_at <= now() AND g.ends_at > now()), 0) AS grant_credits,
      EXISTS (SELECT 1 FROM grants g
        WHERE g.workspace_id = w.id AND g.api_access AND g.starts_at <= now() AND g.ends_at > now()) AS grant_api_access,
      COALESCE((SELECT epoch FROM access_epoch WHERE id = 1), 0) AS epoch
    FROM browser_sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN LATERAL (
      SELECT mm.workspace_id, mm.role FROM memberships mm WHERE mm.user_id = u.id
      ORDER BY (mm.workspace_id = s.current_workspace_id) DESC NULLS LAST, mm.created_at DESC LIMIT 1
    ) m ON true
    LEFT JOIN workspaces w ON w.id = m.workspace_id
    WHERE s.token_hash = ${hashToken(sessionToken)} AND s.revoked_at IS NULL AND s.expires_at > now()`;
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: row.session_id,
    expiresAt: row.expires_at,
    user: { id: row.user_id, email: row.email, name: row.user_name },
    workspace: row.workspace_id
      ? { id: row.workspace_id, name: row.workspace_name!, plan: row.plan!, customAllowance: row.custom_allowance }
      : null,
    role: row.role,
    grants: { credits: row.grant_credits, apiAccess: row.grant_api_access },
    epoch: row.epoch,
  };
}

/** The session as a pipeline caller in its current workspace; null when the user belongs to none. */
export function sessionCaller(session: BrowserSession): SessionCaller | null {
  if (!session.workspace || !session.role) return null;
  return {
    kind: "session",
    sessionId: session.sessionId,
    userId: session.user.id,
    role: session.role,
    // A member acts with everything the workspace may read; what differs between members is management.
    scopes: [...SCOPES],
    workspace: session.workspace,
    grants: session.grants,
    epoch: session.epoch,
    cached: false,
  };
}
