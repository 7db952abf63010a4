import { z } from "zod";
import { SCOPES } from "../api/operation";
import { KEY_EXPIRY_DAYS_MAX, KEY_NAME_MAX } from "../access/workspace-keys";
import { WORKSPACE_NAME_MAX } from "../workspaces/create-workspace";
import { ROLES } from "../workspaces/manage-members";

/** Request bodies of the dashboard's endpoints. */
export const workspaceNameBody = z.object({ name: z.string().trim().min(1, "a name is required").max(WORKSPACE_NAME_MAX) });
export const switchWorkspaceBody = z.object({ workspaceId: z.string().min(1).max(64) });
export const createKeyBody = z.object({
  name: z.string().trim().min(1, "a name is required").max(KEY_NAME_MAX),
  scopes: z.array(z.enum(SCOPES)).min(1, "choose at least one scope"),
  expiresInDays: z.number().int().min(1).max(KEY_EXPIRY_DAYS_MAX).nullable(),
});
export const inviteBody = z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email("a valid email address")), role: z.enum(ROLES) });
export const roleBody = z.object({ role: z.enum(ROLES) });
export const acceptInvitationBody = z.object({ token: z.string().min(10).max(200) });
