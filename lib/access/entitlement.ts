import { ApiError } from "../api/api-error";
import type { Operation } from "../api/operation";
import { hasApiAccess, type TokenCaller } from "./authenticate";
import { PLANS } from "./plans";

/** Plan, then scope: checked before any input is read, so an unentitled caller learns nothing more. */
export function checkEntitlement(caller: TokenCaller, operation: Operation): void {
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
export function checkWorkspaceAccess(caller: TokenCaller, operation: Operation, params: Record<string, unknown>): void {
  if (operation.workspaceParam) {
    const requested = params[operation.workspaceParam];
    if (requested !== caller.workspace.id) {
      throw new ApiError("FORBIDDEN", "This token belongs to another workspace.", { param: operation.workspaceParam });
    }
  }
}
