// GET /api/copilot/conversations/{id}: one conversation's messages, to reopen it; DELETE removes it (the user's own, in the current workspace)
import { conversationNotFound, deleteConversation, loadConversation } from "@/lib/copilot/conversation-store";
import { sessionRoute } from "@/lib/session/session-route";

export const GET = sessionRoute(async ({ session, params, requestId }) => {
  const conversation = await loadConversation({ userId: session.user.id, workspaceId: session.workspace.id }, params.id);
  if (!conversation) throw conversationNotFound(params.id);
  return Response.json({ data: conversation, meta: { requestId } }, { headers: { "Cache-Control": "no-store" } });
});

export const DELETE = sessionRoute(async ({ session, params }) => {
  await deleteConversation({ userId: session.user.id, workspaceId: session.workspace.id }, params.id);
  return new Response(null, { status: 204 });
});
