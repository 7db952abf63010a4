import { getPrisma } from "../db/prisma-client";
import { PLANS, type Plan, type PlanId } from "./plans";

export interface WorkspaceEntitlement {
  workspace: { id: string; name: string };
  plan: Plan;
  apiAccess: boolean;
  /** plan (or custom) credits plus grants in force */
  allowance: number;
  grants: { id: string; credits: number; apiAccess: boolean; startsAt: string; endsAt: string; note: string | null }[];
}

/** The workspace's plan and the grants in force now: what /status and the admin command report. */
export async function loadWorkspaceEntitlement(workspaceId: string, now = new Date()): Promise<WorkspaceEntitlement | null> {
  const workspace = await getPrisma().workspace.findUnique({
    where: { id: workspaceId },
    include: { grants: { where: { startsAt: { lte: now }, endsAt: { gt: now } }, orderBy: { endsAt: "asc" } } },
  });
  if (!workspace) return null;
  const plan = PLANS[workspace.plan as PlanId];
  const grantCredits = workspace.grants.reduce((sum, grant) => sum + grant.credits, 0);
  return {
    workspace: { id: workspace.id, name: workspace.name },
    plan,
    apiAccess: plan.apiAccess || workspace.grants.some((grant) => grant.apiAccess),
    allowance: (workspace.customAllowance ?? plan.monthlyCredits) + grantCredits,
    grants: workspace.grants.map((grant) => ({
      id: grant.id,
      credits: grant.credits,
      apiAccess: grant.apiAccess,
      startsAt: grant.startsAt.toISOString(),
      endsAt: grant.endsAt.toISOString(),
      note: grant.note,
    })),
  };
}
