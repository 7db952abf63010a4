import { getMeteringPrisma } from "./metering-client";

export interface ChargeRequest {
  requestId: string;
  workspaceId: string;
  tokenId: string;
  operationId: string;
  costClass: string;
  credits: number;
  allowance: number;
  period: string;
}

export interface CounterState {
  used: number;
  allowance: number;
}

/**
 * Reserves the call's credits and writes its ledger row in one statement: the conditional upsert
 * cannot take the counter past the allowance however many calls race, and the ledger row exists
 * exactly when the counter moved. Returns null when the allowance cannot cover the call.
 */
export async function reserveCredits(charge: ChargeRequest): Promise<CounterState | null> {
  const rows = await getMeteringPrisma().$queryRaw<CounterState[]>`
    WITH charged AS (
      INSERT INTO credit_counters AS c (workspace_id, period, used, allowance)
      SELECT ${charge.workspaceId}, ${charge.period}, ${charge.credits}::int, ${charge.allowance}::int
      WHERE ${charge.credits}::int <= ${charge.allowance}::int
      ON CONFLICT (workspace_id, period) DO UPDATE
        SET used = c.used + EXCLUDED.used, allowance = EXCLUDED.allowance
        WHERE c.used + EXCLUDED.used <= EXCLUDED.allowance
      RETURNING c.used, c.allowance
    ), ledger AS (
      INSERT INTO usage_events (request_id, workspace_id, token_id, operation, cost_class, credits, status, http_status, period)
      SELECT ${charge.requestId}, ${charge.workspaceId}, ${charge.tokenId}, ${charge.operationId}, ${charge.costClass},
             ${charge.credits}::int, 'charged', 200, ${charge.period}
      FROM charged
      RETURNING 1
    )
    SELECT used, allowance FROM charged`;
  return rows[0] ?? null;
}

/** Gives a call's credits back (validation failure, not found, our fault) and marks its ledger row. */
export async function refundCredits(requestId: string, httpStatus: number): Promise<void> {
  await getMeteringPrisma().$executeRaw`
    WITH refunded AS (
      UPDATE usage_events SET status = 'refunded', http_status = ${httpStatus}::int
      WHERE request_id = ${requestId} AND status = 'charged'
      RETURNING workspace_id, period, credits
    )
    UPDATE credit_counters c SET used = c.used - r.credits
    FROM refunded r WHERE c.workspace_id = r.workspace_id AND c.period = r.period`;
}

export async function readCounter(workspaceId: string, period: string): Promise<CounterState> {
  const rows = await getMeteringPrisma().$queryRaw<CounterState[]>`
    SELECT used, allowance FROM credit_counters WHERE workspace_id = ${workspaceId} AND period = ${period}`;
  return rows[0] ?? { used: 0, allowance: 0 };
}
