// POST /api/cli/approve: the signed-in user approves (for a workspace) or denies a pending CLI login
import { decideForSession, decisionBody } from "@/lib/cli-login/approve-login";
import { readJsonBody, sessionRoute } from "@/lib/session/session-route";

export const POST = sessionRoute(async ({ request, session }) => {
  const body = await readJsonBody(request, decisionBody);
  return Response.json(await decideForSession(session, body), { headers: { "Cache-Control": "no-store" } });
});
