// POST /api/copilot {messages}: one copilot turn, streamed (AI SDK UI message stream); its tools are the registry's operations, charged to the session's workspace
import { copilotRequestSchema, runCopilot } from "@/lib/copilot/run-copilot";
import { sessionTokenFromCookies } from "@/lib/session/session-cookie";
import { readJsonBody, sessionRoute } from "@/lib/session/session-route";

export const POST = sessionRoute(async ({ request, session }) => {
  const body = await readJsonBody(request, copilotRequestSchema);
  return runCopilot(session, sessionTokenFromCookies(request.headers.get("cookie")), body);
});
