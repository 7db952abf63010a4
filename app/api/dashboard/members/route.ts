// POST /api/dashboard/members: invite an address to the current workspace (owners)
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { inviteBody } from "@/lib/session/dashboard-schemas";
import { inviteMember } from "@/lib/workspaces/manage-members";
import { publicOrigin } from "@/lib/config/deployment";

export const POST = sessionRoute(async ({ request, session }) => {
  const { email, role } = await readJsonBody(request, inviteBody);
  const invitation = await inviteMember({
    workspaceId: session.workspace.id,
    workspaceName: session.workspace.name,
    actor: { userId: session.user.id, role: session.role },
    inviterEmail: session.user.email,
    email,
    role,
    origin: publicOrigin(request),
  });
  return Response.json(invitation, { status: 201 });
});
