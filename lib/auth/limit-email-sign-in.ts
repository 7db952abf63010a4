import { clientAddress } from "../access/client-address";
import { takeSignInLink } from "./sign-in-limits";


/**
 * Auth.js also takes an email sign-in as a plain form POST to /api/auth/signin/email: that path counts
 * against the same limits as the sign-in page, so nobody can flood an inbox by skipping the page.
 */
export function limitEmailSignIn<R extends Request>(handler: (request: R) => Promise<Response>): (request: R) => Promise<Response> {
  return async (request) => {
    if (!new URL(request.url).pathname.endsWith("/signin/email")) return handler(request);
    const form = await request.clone().formData().catch(() => null);
    const email = String(form?.get("email") ?? "");
    const outcome = await takeSignInLink(email, clientAddress(request));
    if (outcome.allowed) return handler(request);
    return Response.redirect(new URL("/signin/error?error=RateLimited", request.url), 303);
  };
}
