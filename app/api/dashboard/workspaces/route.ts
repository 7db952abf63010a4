// POST /api/dashboard/workspaces: create a workspace owned by the signed-in user and switch to it
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { workspaceNameBody } from "@/lib/session/dashboard-schemas";
import { createWorkspaceForSession } from "@/lib/workspaces/manage-workspaces";

export const POST = sessionRoute(async ({ request, session }) => {
  const { name } = await readJsonBody(request, workspaceNameBody);
  return Response.json(await createWorkspaceForSession(session.sessionId, session.user.id, name), { status: 201 });
});
