// POST /api/dashboard/workspaces/switch: make another of the user's workspaces the session's current one
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { switchWorkspaceBody } from "@/lib/session/dashboard-schemas";
import { switchWorkspace } from "@/lib/workspaces/manage-workspaces";

export const POST = sessionRoute(async ({ request, session }) => {
  const { workspaceId } = await readJsonBody(request, switchWorkspaceBody);
  await switchWorkspace(session.sessionId, session.user.id, workspaceId);
  return Response.json({ workspaceId });
});
