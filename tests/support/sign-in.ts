import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";

/** The newest link the development mailbox (/dev/mailbox) lists for `email`, as a user would read it there. */
export async function latestMailLink(email: string, kind: "sign-in" | "invitation" = "sign-in", base = inject("baseUrl")): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(`${base}/dev/mailbox`)).text();
    for (const item of html.split("<li").slice(1)) {
      if (!item.includes(email)) continue;
      const href = /<a href="([^"]+)" class="mail-link">/.exec(item)?.[1].replace(/&amp;/g, "&");
      const wanted = kind === "sign-in" ? "/api/auth/callback/" : "/invite/";
      if (href?.includes(wanted)) return href;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${kind} mail for ${email} in /dev/mailbox`);
}

/** Signs in through the real pages (of `base`, the suite's server by default): the sign-in form, the mailbox, the link. */
export async function signInWithBrowser(
  browser: Browser,
  email: string,
  options: { viewport?: { width: number; height: number }; base?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: options.base ?? inject("baseUrl"), viewport: options.viewport });
  const page = await context.newPage();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await page.waitForURL(/\/signin\/check-email/);
  await page.goto(await latestMailLink(email, "sign-in", options.base));
  await page.waitForURL(/\/dashboard/);
  return { context, page };
}

/**
 * Signs in without a browser, through Auth.js's own endpoints (CSRF token, email form post, the mailed
 * link), for tests of the session endpoints. Returns the Cookie header of the signed-in session.
 */
export async function signInWithHttp(email: string, base = inject("baseUrl")): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = cookiePairs(csrf.headers);
  const posted = await fetch(`${base}/api/auth/signin/email`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ email, csrfToken, callbackUrl: `${base}/dashboard` }),
    redirect: "manual",
  });
  if (posted.status >= 400) throw new Error(`sign-in form answered ${posted.status}`);
  const callback = await fetch(await latestMailLink(email), { headers: { cookie: csrfCookie }, redirect: "manual" });
  const session = cookiePairs(callback.headers).split("; ").find((pair) => pair.startsWith("authjs.session-token="));
  if (!session) throw new Error(`the sign-in link set no session cookie (status ${callback.status})`);
  return session;
}

function cookiePairs(headers: Headers): string {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

/** An address no other test (or earlier run on the same database) has used: `name-<time><random>@example.com`. */
export const uniqueEmail = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
