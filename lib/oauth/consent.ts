import { headers } from "next/headers";
import { clientAddress } from "../access/client-address";
import { getPrisma } from "../db/prisma-client";
import { checkAuthorizationRequest, issueCode, redirectWith, type CheckedRequest } from "./authorization-request";
import { issuerOf, mcpResourceOf } from "./oauth-urls";

/** The authorization request as the consent page sees it (a server component has headers, not a Request). */
export async function checkPageRequest(params: URLSearchParams): Promise<CheckedRequest> {
  const jar = await headers();
  const request = new Request(`${jar.get("x-forwarded-proto") ?? "http"}://${jar.get("host") ?? "localhost"}/oauth/authorize`, { headers: jar });
  return checkAuthorizationRequest(params, mcpResourceOf(request), issuerOf(request), clientAddress(request));
}

/**
 * The consent page's answer: approval in a workspace the user belongs to becomes a code for the client,
 * a refusal `access_denied`; both go back to the client's redirect URI.
 */
export async function decideConsent(request: Request, form: URLSearchParams, userId: string): Promise<{ location: string } | { error: string }> {
  const checked = await checkAuthorizationRequest(form, mcpResourceOf(request), issuerOf(request), clientAddress(request));
  if (!checked.ok) return checked.redirect ? { location: checked.redirect } : { error: checked.message };
  const { request: approved } = checked;
  const iss = issuerOf(request);
  if (form.get("decision") !== "approve") {
    return { location: redirectWith(approved.redirectUri, { error: "access_denied", error_description: "The user refused access.", state: approved.state, iss }) };
  }
  const workspaceId = form.get("workspace_id") ?? "";
  const membership = await getPrisma().membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } } });
  if (!membership) return { error: "Choose a workspace you are a member of." };
  const code = await issueCode(approved, userId, workspaceId);
  return { location: redirectWith(approved.redirectUri, { code, state: approved.state, iss }) };
}
