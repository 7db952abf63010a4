// DELETE /api/dashboard/keys/{keyId}: revoke a key, CLI credential or MCP token (owners any, members their own)
import { revokeWorkspaceKey } from "@/lib/access/workspace-keys";
import { sessionRoute } from "@/lib/session/session-route";

export const DELETE = sessionRoute(async ({ session, params }) =>
  Response.json(await revokeWorkspaceKey({ workspaceId: session.workspace.id, keyId: params.keyId, userId: session.user.id, role: session.role })),
);
