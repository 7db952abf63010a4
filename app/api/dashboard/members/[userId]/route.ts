// PATCH /api/dashboard/members/{userId}: change a member's role (owners); DELETE: remove a member or leave
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { roleBody } from "@/lib/session/dashboard-schemas";
import { changeRole, removeMember } from "@/lib/workspaces/manage-members";

export const PATCH = sessionRoute(async ({ request, session, params }) => {
  const { role } = await readJsonBody(request, roleBody);
  await changeRole(session.workspace.id, { userId: session.user.id, role: session.role }, params.userId, role);
  return Response.json({ userId: params.userId, role });
});

export const DELETE = sessionRoute(async ({ session, params }) => {
  await removeMember(session.workspace.id, { userId: session.user.id, role: session.role }, params.userId);
  return Response.json({ userId: params.userId, removed: true });
});
