// DELETE /api/dashboard/invitations/{invitationId}: revoke a pending invitation (owners)
import { sessionRoute } from "@/lib/session/session-route";
import { revokeInvitation } from "@/lib/workspaces/manage-members";

export const DELETE = sessionRoute(async ({ session, params }) => {
  await revokeInvitation(session.workspace.id, { userId: session.user.id, role: session.role }, params.invitationId);
  return Response.json({ id: params.invitationId, revoked: true });
});
