// PATCH /api/dashboard/workspaces/current: rename the current workspace (owners)
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { workspaceNameBody } from "@/lib/session/dashboard-schemas";
import { renameWorkspace } from "@/lib/workspaces/manage-workspaces";

export const PATCH = sessionRoute(async ({ request, session }) => {
  const { name } = await readJsonBody(request, workspaceNameBody);
  return Response.json(await renameWorkspace(session.workspace.id, session.role, name));
});
