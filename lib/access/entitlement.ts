import { ApiError } from "../api/api-error";
import type { Operation } from "../api/operation";
import { hasApiAccess, type WorkspaceCaller } from "./caller";
import { PLANS } from "./plans";

/** Plan, then scope: checked before any input is read, so an unentitled caller learns nothing more. */
export function checkEntitlement(caller: WorkspaceCaller, operation: Operation): void {
  if (!hasApiAccess(caller)) {
    throw new ApiError(
      "PLAN_REQUIRED",
      `The ${PLANS[caller.workspace.plan].name} plan does not include API access. Upgrade to Starter or Pro, or ask for a complimentary grant.`,
    );
  }
  if (!caller.scopes.includes(operation.scope)) {
    throw new ApiError("FORBIDDEN", `This token lacks the '${operation.scope}' scope that ${operation.id} needs.`);
  }
}

/** A token reaches only its own workspace's resources. */
export function checkWorkspaceAccess(caller: WorkspaceCaller, operation: Operation, params: Record<string, unknown>): void {
  if (operation.workspaceParam) {
    const requested = params[operation.workspaceParam];
    if (requested !== caller.workspace.id) {
      const who = caller.kind === "token" ? "This token belongs to" : "This session is acting in";
      throw new ApiError("FORBIDDEN", `${who} another workspace.`, { param: operation.workspaceParam });
    }
  }
}
