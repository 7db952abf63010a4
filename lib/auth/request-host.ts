import type { NextRequest } from "next/server";

/**
 * `next start` gives route handlers a URL on "localhost" whatever host the browser used, and Auth.js builds
 * its links and redirects from that URL: a browser on 127.0.0.1 would be sent to localhost, where its
 * session cookie does not exist. Without a configured AUTH_URL (which every production deployment sets,
 * lib/auth/auth.ts), the request's own Host header is the origin. (A plain Request: a NextRequest keeps
 * the URL Next gave it.)
 */
export function withRequestHost(request: NextRequest): NextRequest {
  const host = request.headers.get("host");
  if (process.env.AUTH_URL || !host) return request;
  const url = new URL(request.url);
  if (url.host === host) return request;
  url.host = host;
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers: request.headers };
  if (request.method !== "GET" && request.method !== "HEAD") Object.assign(init, { body: request.body, duplex: "half" });
  return new Request(url, init) as NextRequest;
}
