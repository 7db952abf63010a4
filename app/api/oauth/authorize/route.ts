// POST /api/oauth/authorize: the consent page's decision (browser session, same-origin): a code or access_denied for the client
import { ApiError } from "@/lib/api/api-error";
import { decideConsent } from "@/lib/oauth/consent";
import { sessionRoute } from "@/lib/session/session-route";

export const POST = sessionRoute(async ({ request, session }) => {
  const form = new URLSearchParams((await request.text()).slice(0, 20_000));
  const decision = await decideConsent(request, form, session.user.id);
  if ("error" in decision) throw new ApiError("BAD_REQUEST", decision.error);
  return new Response(null, { status: 303, headers: { Location: decision.location, "Cache-Control": "no-store" } });
});
