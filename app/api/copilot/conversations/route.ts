// GET /api/copilot/conversations: the signed-in user's copilot conversations in the current workspace, newest first
import { listConversations } from "@/lib/copilot/conversation-store";
import { sessionRoute } from "@/lib/session/session-route";

export const GET = sessionRoute(async ({ session, requestId }) => {
  const data = await listConversations({ userId: session.user.id, workspaceId: session.workspace.id });
  return Response.json({ data, meta: { requestId } }, { headers: { "Cache-Control": "no-store" } });
});
