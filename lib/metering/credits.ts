import { getMeteringPool } from "./metering-client";

export interface ChargeRequest {
  requestId: string;
  workspaceId: string;
  /** the token that pays, or null for a browser-session call (then userId says who) */
  tokenId: string | null;
  userId: string | null;
  /** the front door: rest, mcp, copilot, charts, export */
  surface: string;
  /** the OAuth client (an MCP agent) whose token paid, for spend per agent */
  clientId?: string | null;
  operationId: string;
  costClass: string;
  credits: number;
  allowance: number;
  period: string;
  /** the access epoch the caller's token was read under (lib/access/token-cache.ts) */
  epoch: number;
}

/** What one charging statement did: charged (counter after it), allowance short, or access changed. */
export type BatchOutcome = { kind: "charged"; used: number } | { kind: "quota" } | { kind: "stale" };

/**
 * Reserves the credits of several calls of one workspace, period, allowance and epoch in one statement,
 * all or none: the conditional upsert cannot take the counter past the allowance however many statements
 * race, and the ledger rows exist exactly when the counter moved. Nothing is charged when the access
 * epoch moved since the callers' tokens were read (a revocation, a plan change, a grant): they are read
 * again first.
 */
export async function reserveBatch(charges: ChargeRequest[]): Promise<BatchOutcome> {
  const [first] = charges;
  const total = charges.reduce((sum, charge) => sum + charge.credits, 0);
  const { rows } = await getMeteringPool().query<{ used: number | null; epoch: number | null }>(
    `WITH current_epoch AS (SELECT COALESCE((SELECT epoch FROM access_epoch WHERE id = 1), 0) AS epoch),
    charged AS (
      INSERT INTO credit_counters AS c (workspace_id, period, used, allowance)
      SELECT $1, $2, $3::int, $4::int
      WHERE $3::int <= $4::int AND (SELECT epoch FROM current_epoch) = $5::int
      ON CONFLICT (workspace_id, period) DO UPDATE
        SET used = c.used + EXCLUDED.used, allowance = EXCLUDED.allowance
        WHERE c.used + EXCLUDED.used <= EXCLUDED.allowance
      RETURNING c.used
    ), ledger AS (
      INSERT INTO usage_events (request_id, workspace_id, token_id, user_id, surface, client_id, operation, cost_class, credits, status, http_status, period)
      SELECT b.request_id, $1, b.token_id, b.user_id, b.surface, b.client_id, b.operation, b.cost_class, b.credits, 'charged', 200, $2
      FROM unnest($6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::int[], $12::text[], $13::text[])
        AS b(request_id, token_id, operation, cost_class, surface, credits, user_id, client_id), charged
      RETURNING 1
    )
    SELECT (SELECT used FROM charged) AS used, (SELECT epoch FROM current_epoch) AS epoch`,
    [
      first.workspaceId,
      first.period,
      total,
      first.allowance,
      first.epoch,
      charges.map((c) => c.requestId),
      charges.map((c) => c.tokenId),
      charges.map((c) => c.operationId),
      charges.map((c) => c.costClass),
      charges.map((c) => c.surface),
      charges.map((c) => c.credits),
      charges.map((c) => c.userId),
      charges.map((c) => c.clientId ?? null),
    ],
  );
  const row = rows[0];
  if (row.epoch !== first.epoch) return { kind: "stale" };
  return row.used === null ? { kind: "quota" } : { kind: "charged", used: row.used };
}

/**
 * Gives a call's credits back (validation failure, not found, our fault) and marks its ledger row. Only a
 * row still `charged` is touched, and PostgreSQL re-checks that condition on the row it locked, so any
 * number of refunds of one call, from any number of processes at once, give its credits back once.
 * Returns whether the call has a ledger row at all (false: its charge never committed, or not yet).
 */
export async function refundCredits(requestId: string, httpStatus: number): Promise<boolean> {
  const { rows } = await getMeteringPool().query<{ known: boolean }>(
    `WITH refunded AS (
      UPDATE usage_events SET status = 'refunded', http_status = $2::int
      WHERE request_id = $1 AND status = 'charged'
      RETURNING workspace_id, period, credits
    ), counter AS (
      UPDATE credit_counters c SET used = c.used - r.credits
      FROM refunded r WHERE c.workspace_id = r.workspace_id AND c.period = r.period
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM usage_events WHERE request_id = $1) AS known`,
    [requestId, httpStatus],
  );
  return rows[0].known;
}

/** Credits used this period, or null when the access epoch moved since `epoch` (the caller is re-read). */
export async function readCounter(workspaceId: string, period: string, epoch: number): Promise<number | null> {
  const { rows } = await getMeteringPool().query<{ used: number | null; epoch: number | null }>(
    `SELECT (SELECT used FROM credit_counters WHERE workspace_id = $1 AND period = $2) AS used,
      COALESCE((SELECT epoch FROM access_epoch WHERE id = 1), 0) AS epoch`,
    [workspaceId, period],
  );
  return rows[0].epoch === epoch ? (rows[0].used ?? 0) : null;
}
