// POST /api/dashboard/keys: create an API key in the current workspace; the answer holds its secret, shown once
import { createDashboardKey } from "@/lib/access/workspace-keys";
import { sessionRoute, readJsonBody } from "@/lib/session/session-route";
import { createKeyBody } from "@/lib/session/dashboard-schemas";

export const POST = sessionRoute(async ({ request, session }) => {
  const body = await readJsonBody(request, createKeyBody);
  const key = await createDashboardKey({ workspaceId: session.workspace.id, userId: session.user.id, ...body });
  return Response.json(key, { status: 201, headers: { "Cache-Control": "no-store" } });
});
