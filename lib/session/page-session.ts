import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { readBrowserSession, SESSION_COOKIE_NAMES, type BrowserSession } from "../access/browser-session";

/** The signed-in session of a page's request, or null; read once per request however many components ask. */
export const pageSession = cache(async (): Promise<BrowserSession | null> => {
  const jar = await cookies();
  for (const name of SESSION_COOKIE_NAMES) {
    const value = jar.get(name)?.value;
    if (value) return readBrowserSession(value);
  }
  return null;
});

/** The session, or a redirect to sign-in that comes back to `path` afterwards. */
export async function requirePageSession(path: string): Promise<BrowserSession> {
  const session = await pageSession();
  if (!session) redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  return session;
}
