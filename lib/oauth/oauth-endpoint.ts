import { OAuthError } from "./oauth-error";
import { OPEN_CORS, oauthJson } from "./oauth-urls";

/** An OAuth endpoint's POST: its errors in OAuth's own shape, never the API envelope, and CORS for browser-based clients. */
export function oauthEndpoint(handle: (request: Request) => Promise<Response>) {
  return {
    POST: async (request: Request) => {
      try {
        return await handle(request);
      } catch (error) {
        if (error instanceof OAuthError) return oauthJson({ error: error.error, error_description: error.description }, error.status);
        console.error("[oauth] internal error:", error);
        return oauthJson({ error: "server_error", error_description: "Something went wrong on our side; retry." }, 500);
      }
    },
    OPTIONS: async () => new Response(null, { status: 204, headers: OPEN_CORS }),
  };
}

/** The form body of a token or revocation request (application/x-www-form-urlencoded, RFC 6749). */
export async function readForm(request: Request): Promise<URLSearchParams> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) throw new OAuthError("invalid_request", "Send the parameters as application/x-www-form-urlencoded.");
  return new URLSearchParams(await request.text());
}
