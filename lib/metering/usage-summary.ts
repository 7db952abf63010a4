import { loadWorkspaceEntitlement } from "../access/workspace-entitlement";
import { getPrisma } from "../db/prisma-client";
import { billingPeriod } from "./billing-period";

export interface UsageLine {
  calls: number;
  credits: number;
}

export interface UsageSummary {
  period: string;
  used: number;
  /** the ledger's own sum, which must equal `used` */
  ledgerCredits: number;
  byCostClass: Record<string, UsageLine>;
  byOperation: Record<string, UsageLine>;
}

/** One billing period of a workspace, itemised from the ledger (refunded calls excluded). */
export async function usageSummary(workspaceId: string, period: string): Promise<UsageSummary> {
  const prisma = getPrisma();
  const [lines, counters] = await Promise.all([
    prisma.$queryRaw<{ operation: string; cost_class: string; calls: number; credits: number }[]>`
      SELECT operation, cost_class, count(*)::int AS calls, sum(credits)::int AS credits
      FROM usage_events WHERE workspace_id = ${workspaceId} AND period = ${period} AND status = 'charged'
      GROUP BY operation, cost_class ORDER BY operation`,
    prisma.$queryRaw<{ used: number }[]>`
      SELECT used FROM credit_counters WHERE workspace_id = ${workspaceId} AND period = ${period}`,
  ]);
  const byCostClass: Record<string, UsageLine> = {};
  const byOperation: Record<string, UsageLine> = {};
  for (const line of lines) {
    add(byCostClass, line.cost_class, line);
    add(byOperation, line.operation, line);
  }
  const ledgerCredits = lines.reduce((sum, line) => sum + line.credits, 0);
  return { period, used: counters[0]?.used ?? 0, ledgerCredits, byCostClass, byOperation };
}

function add(totals: Record<string, UsageLine>, key: string, line: UsageLine) {
  const total = (totals[key] ??= { calls: 0, credits: 0 });
  total.calls += line.calls;
  total.credits += line.credits;
}

/** The admin command's usage report: the period's summary, reconciled against the ledger. */
export async function workspaceUsage(workspaceId: string) {
  const entitlement = await loadWorkspaceEntitlement(workspaceId);
  if (!entitlement) throw new Error(`No workspace ${workspaceId}.`);
  const { period, resetsAt } = billingPeriod();
  const summary = await usageSummary(workspaceId, period);
  return {
    workspaceId,
    plan: entitlement.plan.id,
    allowance: entitlement.allowance,
    remaining: Math.max(0, entitlement.allowance - summary.used),
    resetsAt: resetsAt.toISOString(),
    ...summary,
    reconciled: summary.used === summary.ledgerCredits,
  };
}
