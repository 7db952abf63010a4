// The dashboard and the sign-in pages during a database outage, in Chromium, against a second server whose
// database connections run through a proxy this test cuts (tests/support/fault-proxy.ts): the pages answer
// 503 with Retry-After and our "temporarily unavailable" notice, the session endpoints 503 in the envelope,
// a sign-in link is refused rather than pretended, and everything comes back by itself with the database.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { FaultProxy } from "../support/fault-proxy";
import { GENEROUS_LIMITS } from "../support/global-setup";
import { startSecondServer } from "../support/second-server";
import { signInWithBrowser, uniqueEmail } from "../support/sign-in";

const SHOTS = "tests/.artifacts";

/** Every server-rendered page that reads the database (the signed-in user's cookie goes along). */
const PAGES = [
  "/dashboard",
  "/dashboard/keys",
  "/dashboard/usage",
  "/dashboard/explore",
  "/dashboard/copilot",
  "/dashboard/members",
  "/dashboard/settings",
  "/signin",
  "/cli/activate?code=BCDF-GHJK",
  "/oauth/authorize?response_type=code&client_id=mcp_unknown&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcb&code_challenge=abc&code_challenge_method=S256",
  "/dev/mailbox",
];

let browser: Browser;
let server: { base: string; stop(): void };
let proxy: FaultProxy;
let user: { context: BrowserContext; page: Page };
let cookie: string;
const output: string[] = [];

beforeAll(async () => {
  const databaseUrl = inject("databaseUrl");
  const target = new URL(databaseUrl);
  proxy = new FaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.open();
  [server, browser] = await Promise.all([
    startSecondServer({ DATABASE_URL: proxy.urlFor(databaseUrl), LUDEX_LIMITS: JSON.stringify(GENEROUS_LIMITS) }, output),
    launchBrowser(),
  ]);
  user = await signInWithBrowser(browser, uniqueEmail("outage"), { base: server.base });
  cookie = (await user.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.stop();
  await proxy?.close();
});

/** The page's document over plain HTTP, as a monitor or a crawler sees it. */
async function document(path: string) {
  const response = await fetch(`${server.base}${path}`, { headers: { cookie }, redirect: "manual" });
  return { path, status: response.status, headers: response.headers, html: await response.text() };
}

/** The session endpoints the dashboard calls from the browser, with the page's own cookie and origin. */
function callSessionEndpoints(page: Page) {
  return page.evaluate(async () => {
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(path, { method, headers: { "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { path, status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json().catch(() => null) };
    };
    return Promise.all([
      send("POST", "/api/copilot", { messages: [{ role: "user", parts: [{ type: "text", text: "top tags?" }] }] }),
      send("POST", "/api/charts", { operation: "listTags", params: { limit: 5 }, kind: "bar" }),
      send("GET", "/api/export?operation=listTags&format=csv&quote=1"),
      send("POST", "/api/dashboard/keys", { name: "during the outage", scopes: ["read"], expiresInDays: null }),
      send("GET", "/api/dashboard/usage.csv"),
    ]);
  });
}

describe("the browser surfaces during a database outage", () => {
  it("answer each page with 503, Retry-After and the notice; the session endpoints 503 JSON; sign-in says no link was sent; all back without a restart", async () => {
    const { page } = user;
    await page.goto("/dashboard/keys");
    await expect(page.locator("h1").textContent()).resolves.toBe("API keys");

    await proxy.close();
    // Over HTTP: the status a load balancer, a monitor or a crawler reads, and nothing internal in the body.
    for (const path of PAGES) {
      const answer = await document(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 503 });
      expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(answer.headers.get("cache-control")).toContain("no-store");
      expect(answer.html).toContain("LUDEX_SERVICE_UNAVAILABLE");
      expect(answer.html).not.toMatch(/ECONNREFUSED|PageUnavailableError|could not reach the database|Can't reach database server|\bat \S+ \(\/|prisma/i);
    }

    // In the browser: the notice in our look, counting down to a retry of its own.
    for (const path of ["/dashboard/keys", "/dashboard/usage", "/signin", "/dev/mailbox"]) {
      const response = await page.goto(path);
      expect({ path, status: response?.status() }).toEqual({ path, status: 503 });
      const notice = page.getByTestId("service-unavailable");
      await notice.waitFor();
      await expect(notice.locator("h1").textContent()).resolves.toBe("Ludex is temporarily unavailable");
      await expect(notice.getByRole("status").textContent()).resolves.toMatch(/Retrying/);
      expect(await page.title()).toContain("Temporarily unavailable");
    }
    await page.goto("/dashboard/keys");
    await page.getByTestId("service-unavailable").waitFor();
    await page.screenshot({ path: `${SHOTS}/outage-dashboard.png` });
    // Retry now, still down: the notice again (a new countdown), no crash, no generic error page.
    await page.getByRole("button", { name: "Retry now" }).click();
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId("service-unavailable").count()).resolves.toBe(1);
    await expect(page.getByTestId("page-error").count()).resolves.toBe(0);

    for (const call of await callSessionEndpoints(page)) {
      expect({ path: call.path, status: call.status }).toEqual({ path: call.path, status: 503 });
      expect(call.body.error.code).toBe("SERVICE_UNAVAILABLE");
      expect(Number(call.retryAfter)).toBeGreaterThan(0);
    }

    // Signing in (no session yet): the form says no link was sent, and stays where it is.
    const visitor = await browser.newContext({ baseURL: server.base });
    const signIn = await visitor.newPage();
    await signIn.goto("/signin");
    await signIn.getByLabel("Email").fill(uniqueEmail("visitor"));
    await signIn.getByRole("button", { name: /sign-in link/i }).click();
    await expect(signIn.locator("#email-error").textContent()).resolves.toMatch(/No link was sent: Ludex is temporarily unavailable/);
    expect(new URL(signIn.url()).pathname).toBe("/signin");
    await signIn.screenshot({ path: `${SHOTS}/outage-sign-in.png` });

    // The database is back: the open page recovers by itself (its countdown), the rest on their next load.
    await proxy.open();
    await page.getByTestId("service-unavailable").waitFor({ state: "detached", timeout: 40_000 });
    await expect(page.locator("h1").textContent()).resolves.toBe("API keys");
    await page.screenshot({ path: `${SHOTS}/outage-recovered.png` });
    for (const path of PAGES) {
      const answer = await document(path);
      expect({ path, status: answer.status }).not.toEqual({ path, status: 503 });
      expect(answer.status).toBeLessThan(500);
    }
    await expect(page.evaluate(async () => (await fetch("/api/dashboard/usage.csv")).status)).resolves.toBe(200);
    await signIn.getByRole("button", { name: /sign-in link/i }).click();
    await signIn.waitForURL(/\/signin\/check-email/);
    await visitor.close();
  });

  it("the server logged no uncaught exception or unhandled rejection through it", () => {
    const log = output.join("");
    expect(log).not.toMatch(/uncaughtException|unhandledRejection|Failed to handle request/i);
  });
});
