import { ApiError } from "../api/api-error";
import type { Role } from "../access/browser-session";

/**
 * What a workspace role may do, in one table: owners manage the workspace, its members and everyone's
 * keys; members use the workspace and manage the keys they created.
 */
const OWNER_ONLY = {
  "workspace:rename": "rename the workspace",
  "members:manage": "invite, remove or change members",
  "keys:revoke-any": "revoke keys other members created",
} as const;

export type OwnerAction = keyof typeof OWNER_ONLY;

export function mayDo(role: Role | null, action: OwnerAction): boolean {
  return role === "owner" && action in OWNER_ONLY;
}

export function requireRole(role: Role | null, action: OwnerAction): void {
  if (!mayDo(role, action)) {
    throw new ApiError("FORBIDDEN", `Only a workspace owner can ${OWNER_ONLY[action]}.`);
  }
}
