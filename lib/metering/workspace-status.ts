import { planRateLimit } from "../metering/limits-policy";
import { loadWorkspaceEntitlement } from "../access/workspace-entitlement";
import { billingPeriod } from "./billing-period";
import { usageSummary } from "./usage-summary";

/**
 * A workspace's plan, grants, credits and usage this period, and its rate limit: what GET /status reports
 * and what the dashboard shows, from one implementation.
 */
export type WorkspaceStatus = Awaited<ReturnType<typeof workspaceStatus>>;

export async function workspaceStatus(workspaceId: string) {
  const entitlement = (await loadWorkspaceEntitlement(workspaceId))!;
  const { period, resetsAt } = billingPeriod();
  const usage = await usageSummary(workspaceId, period);
  const { plan } = entitlement;
  return {
    ...entitlement.workspace,
    plan: { id: plan.id, name: plan.name, apiAccess: plan.apiAccess, monthlyCredits: plan.monthlyCredits },
    apiAccess: entitlement.apiAccess,
    grants: entitlement.grants,
    credits: {
      period,
      allowance: entitlement.allowance,
      used: usage.used,
      remaining: Math.max(0, entitlement.allowance - usage.used),
      resetsAt: resetsAt.toISOString(),
      byCostClass: usage.byCostClass,
      byOperation: usage.byOperation,
    },
    rateLimit: planRateLimit(plan.id),
  };
}

