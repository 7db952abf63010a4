// POST /api/dashboard/invitations/accept: join the workspace of an invitation sent to the signed-in address
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { acceptInvitationBody } from "@/lib/session/dashboard-schemas";
import { acceptInvitation } from "@/lib/workspaces/manage-members";

export const POST = sessionRoute(async ({ request, session }) => {
  const { token } = await readJsonBody(request, acceptInvitationBody);
  return Response.json(await acceptInvitation(token, session.user, session.sessionId));
});
