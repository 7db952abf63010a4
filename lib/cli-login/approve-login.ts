import { z } from "zod";
import type { BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { cliApproveLimit } from "../metering/limits-policy";
import { checkRateLimit } from "../metering/rate-limit";
import { decideAuthorization } from "./device-authorization";

export const decisionBody = z.object({
  userCode: z.string().min(1).max(32),
  decision: z.enum(["approve", "deny"]),
  workspaceId: z.string().max(64).optional(),
});

/** The activation page's answer, limited per user so nobody can try user codes by the thousand. */
export async function decideForSession(session: BrowserSession, body: z.infer<typeof decisionBody>) {
  const outcome = await checkRateLimit(`cli-approve:${session.user.id}`, cliApproveLimit());
  if (!outcome.allowed) {
    throw new ApiError("RATE_LIMITED", `Too many CLI approvals: retry after ${outcome.resetSeconds} s.`, { headers: { "Retry-After": String(outcome.resetSeconds) } });
  }
  const approve = body.decision === "approve";
  if (approve && !body.workspaceId) throw new ApiError("BAD_REQUEST", "Choose the workspace to approve the login for.", { param: "workspaceId" });
  return decideAuthorization({
    userCode: body.userCode,
    approve,
    workspaceId: body.workspaceId ?? "",
    userId: session.user.id,
    sessionId: session.sessionId,
  });
}
