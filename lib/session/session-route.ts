import { readBrowserSession, type BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { newRequestId } from "../api/request-id";
import { errorResponse } from "../api/responses";
import { isSameOriginRequest } from "./same-origin";
import { sessionTokenFromCookies } from "./session-cookie";

export interface SessionRequestContext {
  request: Request;
  session: BrowserSession & { workspace: NonNullable<BrowserSession["workspace"]> };
  params: Record<string, string>;
  requestId: string;
}

type RouteContext = { params: Promise<Record<string, string | string[]>> };
type SessionHandler = (context: SessionRequestContext) => Promise<Response>;

const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The browser-session front door, for the dashboard's endpoints and the copilot, chart and export
 * surfaces: the caller is the signed-in user, identified by the session cookie only. A bearer token is
 * refused outright (these endpoints are not part of the API), a change must come from our own pages,
 * and errors use the API's error envelope.
 */
export function sessionRoute(handler: SessionHandler, options: { chargedReads?: boolean } = {}) {
  return async (request: Request, routeContext?: RouteContext): Promise<Response> => {
    const requestId = newRequestId();
    try {
      // A read that spends credits (an export) must not be started by another site's link either.
      if (options.chargedReads && isCrossSiteRead(request)) {
        throw new ApiError("FORBIDDEN", "Cross-site request refused: this download spends credits and starts only from Ludex's own pages.");
      }
      const session = await admit(request);
      const params = Object.fromEntries(Object.entries((await routeContext?.params) ?? {}).map(([k, v]) => [k, String(v)]));
      return await handler({ request, session, params, requestId });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  };
}

/** A browser marks a request another site started (a link, an image) as cross-site or same-site. */
function isCrossSiteRead(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}

async function admit(request: Request): Promise<SessionRequestContext["session"]> {
  if (request.headers.has("authorization")) {
    throw new ApiError(
      "UNAUTHORIZED",
      "This endpoint takes a browser session (sign in at /signin), not a bearer token. API keys and CLI credentials work on /api/v1.",
    );
  }
  if (!READ_METHODS.has(request.method) && !isSameOriginRequest(request)) {
    throw new ApiError("FORBIDDEN", "Cross-site request refused: changes are accepted only from Ludex's own pages.");
  }
  const token = sessionTokenFromCookies(request.headers.get("cookie"));
  const session = token ? await readBrowserSession(token) : null;
  if (!session) throw new ApiError("UNAUTHORIZED", "Sign in first: this endpoint takes a browser session (/signin).");
  if (!session.workspace) throw new ApiError("FORBIDDEN", "You are not a member of any workspace; create one in the dashboard.");
  return session as SessionRequestContext["session"];
}

/** The JSON body of a change, checked by a zod-like schema; bad input is BAD_REQUEST naming the field. */
export async function readJsonBody<T>(request: Request, schema: { safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }): Promise<T> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ApiError("BAD_REQUEST", "The request body must be JSON.");
  }
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const param = issue.path.map(String).join(".") || undefined;
  throw new ApiError("BAD_REQUEST", param ? `${param}: ${issue.message}` : issue.message, { param });
}
