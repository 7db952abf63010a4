import { configuredPublicUrl } from "../config/deployment";

/**
 * Whether a cookie-authenticated change comes from our own pages. Browsers send Sec-Fetch-Site on every
 * request (and Origin on every POST, PUT, PATCH and DELETE); a page on another site cannot forge either,
 * so a change is accepted only when they say it is ours. A request with neither is refused: no browser
 * sends such a change, and whatever else sends it has no business riding on a session cookie.
 */
export function isSameOriginRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  return allowedHosts(request).includes(hostOf(origin));
}

function allowedHosts(request: Request): string[] {
  const hosts = [request.headers.get("x-forwarded-host"), request.headers.get("host"), hostOf(request.url)];
  const publicUrl = configuredPublicUrl();
  if (publicUrl) hosts.push(hostOf(publicUrl));
  return hosts.filter((host): host is string => Boolean(host));
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "";
  }
}
