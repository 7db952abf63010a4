// The dashboard as a user meets it, in Debian's Chromium: sign-in by mailed link, keys shown once, usage.
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { api } from "../support/http";
import { latestMailLink, signInWithBrowser, uniqueEmail } from "../support/sign-in";


let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function createKey(page: Page, name: string): Promise<string> {
  await page.goto("/dashboard/keys");
  await page.getByRole("button", { name: "Create API key" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = await page.getByTestId("new-key-secret").inputValue();
  await page.getByRole("button", { name: "Done" }).click();
  return secret;
}

describe("the dashboard", () => {
  it("signs in by mailed link, shows a new key once, and its calls move the usage screen by their credits", async () => {
    const { context, page } = await signInWithBrowser(browser, uniqueEmail("owner"));
    // First sign-in: a personal workspace with the welcome grant (API access and 500 credits).
    await expect(page.locator("h1").textContent()).resolves.toContain("workspace");
    await expect(page.locator("#grants-heading + div table").textContent()).resolves.toContain("500");

    const secret = await createKey(page, "ci pipeline");
    expect(secret).toMatch(/^ldx_[0-9A-Za-z]{36}$/);
    await page.reload();
    const keys = page.getByTestId("api-keys");
    await expect(keys.textContent()).resolves.toContain(`${secret.slice(0, 8)}…${secret.slice(-4)}`);
    expect(await page.content()).not.toContain(secret);

    const before = await api("/status", { token: secret });
    expect(before.status).toBe(200);
    expect(before.body.data.workspace.credits.used).toBe(0);
    // baseline 1 + baseline 1 + counts 2 = 4 credits; the unknown game is refunded.
    expect((await api("/games/730", { token: secret })).status).toBe(200);
    expect((await api("/games?tags=rogue-like&limit=3", { token: secret })).status).toBe(200);
    expect((await api("/games/count?tags=rogue-like", { token: secret })).status).toBe(200);
    expect((await api("/games/999999999", { token: secret })).status).toBe(404);
    const after = await api("/status", { token: secret });
    expect(after.body.data.workspace.credits.used).toBe(4);

    await page.goto("/dashboard/usage");
    await expect(page.getByTestId("usage-used").textContent()).resolves.toBe("4");
    await expect(page.getByTestId("usage-remaining").textContent()).resolves.toBe(String(after.body.data.workspace.credits.remaining));
    await expect(page.getByTestId("ledger-total").textContent()).resolves.toBe("4 calls");
    await expect(page.getByTestId("ledger").textContent()).resolves.toContain("refunded (404)");
    await expect(page.getByTestId("by-operation").textContent()).resolves.toContain("countGames");
    await expect(page.getByTestId("by-credential").textContent()).resolves.toContain("ci pipeline");

    // The ledger through the API and the CSV download are the same rows.
    const ledger = await api(`/workspaces/${after.body.data.workspace.id}/usage`, { token: secret });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const csv = await readFile((await (await download).path())!, "utf8");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("createdAt,requestId,operation,costClass,credits,status,httpStatus,tokenId,userId,surface,clientId,clientName");
    expect(lines.slice(1).map((line) => line.split(",")[1]).sort()).toEqual(ledger.body.data.map((row: { requestId: string }) => row.requestId).sort());

    // Revoke, confirm, and the key is refused at once.
    await page.goto("/dashboard/keys");
    await page.locator("tr", { hasText: "ci pipeline" }).getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(async () => (await api("/games/730", { token: secret })).status).toBe(401);
    await expect.poll(() => page.getByTestId("api-keys").count()).toBe(0);
    await context.close();
  });

  it("lets a member in by invitation and keeps the owners' actions for owners", async () => {
    const ownerEmail = uniqueEmail("lead");
    const memberEmail = uniqueEmail("artist");
    const owner = await signInWithBrowser(browser, ownerEmail);
    const ownerKey = await createKey(owner.page, "owner key");
    await owner.page.goto("/dashboard/members");
    await owner.page.getByLabel("Email").fill(memberEmail);
    await owner.page.getByRole("button", { name: "Invite" }).click();
    await expect(owner.page.getByRole("status").textContent()).resolves.toContain(memberEmail);

    const member = await signInWithBrowser(browser, memberEmail);
    await member.page.goto(await latestMailLink(memberEmail, "invitation"));
    await member.page.getByRole("button", { name: "Accept invitation" }).click();
    await member.page.waitForURL(/\/dashboard$/);
    await member.page.goto("/dashboard/members");
    await expect(member.page.getByTestId("members").textContent()).resolves.toContain(ownerEmail);
    await expect(member.page.getByRole("button", { name: "Invite" }).count()).resolves.toBe(0);

    // The owner's actions, tried by the member's own session: refused.
    const tryAs = (method: string, path: string, body?: unknown) =>
      member.page.evaluate(
        async ([m, p, b]) => {
          const response = await fetch(p as string, { method: m as string, headers: { "content-type": "application/json" }, body: b === undefined ? undefined : JSON.stringify(b) });
          return { status: response.status, body: await response.json() };
        },
        [method, path, body] as const,
      );
    const rename = await tryAs("PATCH", "/api/dashboard/workspaces/current", { name: "taken over" });
    expect(rename.status).toBe(403);
    expect(rename.body.error.code).toBe("FORBIDDEN");
    const ownerKeyId = await owner.page.goto("/dashboard/keys").then(() => owner.page.locator("tr", { hasText: "owner key" }).getAttribute("data-key-id"));
    expect((await tryAs("DELETE", `/api/dashboard/keys/${ownerKeyId}`)).status).toBe(403);
    expect((await tryAs("POST", "/api/dashboard/members", { email: uniqueEmail("friend"), role: "owner" })).status).toBe(403);
    expect((await api("/status", { token: ownerKey })).status).toBe(200);

    // A member manages their own keys.
    const memberKey = await createKey(member.page, "member key");
    await member.page.goto("/dashboard/keys");
    await member.page.locator("tr", { hasText: "member key" }).getByRole("button", { name: "Revoke" }).click();
    await member.page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
    await expect.poll(async () => (await api("/status", { token: memberKey })).status).toBe(401);
    await owner.context.close();
    await member.context.close();
  });

  it("signing out ends the browser session and every CLI credential it issued", async () => {
    const { context, page } = await signInWithBrowser(browser, uniqueEmail("cli-user"));
    const cookie = (await context.cookies()).find((c) => c.name === "authjs.session-token")!;
    const cli = await cliCredentialFor(cookie.value);
    expect((await api("/status", { token: cli })).status).toBe(200);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/signin/);
    const refused = await api("/status", { token: cli });
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toContain("browser session");
    const stale = await fetch(`${inject("baseUrl")}/api/dashboard/usage.csv`, { headers: { cookie: `authjs.session-token=${cookie.value}` } });
    expect(stale.status).toBe(401);
    await context.close();
  });

  it("reads well at 390 px: no page scrolls sideways", async () => {
    const { context, page } = await signInWithBrowser(browser, uniqueEmail("phone"), { viewport: { width: 390, height: 844 } });
    for (const path of ["/dashboard", "/dashboard/keys", "/dashboard/usage", "/dashboard/members", "/dashboard/settings"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ path, overflow }).toEqual({ path, overflow: 0 });
    }
    await context.close();
  });
});

/**
 * A CLI credential tied to a browser session, minted as the CLI login flow does (until that flow exists,
 * through the same library call, with the session found by its cookie's hash).
 */
async function cliCredentialFor(sessionCookie: string): Promise<string> {
  const pg = (await import("pg")).default;
  const { hashToken } = await import("@/lib/access/token-format");
  const client = new pg.Client({ connectionString: inject("databaseUrl") });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; workspace_id: string }>(
      "SELECT s.id, s.current_workspace_id AS workspace_id FROM browser_sessions s WHERE s.token_hash = $1",
      [hashToken(sessionCookie)],
    );
    const { generateToken } = await import("@/lib/access/token-format");
    const token = generateToken("cli");
    await client.query(
      `INSERT INTO api_tokens (id, workspace_id, type, name, hash, display_prefix, last4, scopes, expires_at, browser_session_id)
       VALUES ($1, $2, 'cli', 'test cli', $3, $4, $5, ARRAY['market:read','workspace:read'], now() + interval '1 day', $6)`,
      [`key_test${Date.now()}`, rows[0].workspace_id, token.hash, token.displayPrefix, token.last4, rows[0].id],
    );
    return token.secret;
  } finally {
    await client.end();
  }
}
