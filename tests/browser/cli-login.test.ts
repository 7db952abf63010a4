// `ludex login` as a user runs it: the CLI as a process, the approval in Debian's Chromium, then commands and logout.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, existsSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { api } from "../support/http";
import { latestMailLink, signInWithBrowser, uniqueEmail } from "../support/sign-in";

const VERSION = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI with its own config directory, pointed at the test server, with no LUDEX_TOKEN unless given. */
function cliEnv(configDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LUDEX_CONFIG_DIR: configDir, LUDEX_BASE_URL: inject("baseUrl"), ...extra };
  if (!extra.LUDEX_TOKEN) delete env.LUDEX_TOKEN;
  return env;
}

function start(args: string[], env: NodeJS.ProcessEnv): { child: ChildProcess; done: Promise<Finished>; stderr: () => string } {
  const child = spawn(process.execPath, ["bin/ludex.mjs", ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const done = new Promise<Finished>((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  return { child, done, stderr: () => stderr };
}

const run = (args: string[], env: NodeJS.ProcessEnv) => start(args, env).done;

/** Starts `ludex login --no-browser` and returns it with the URL it printed (the code in it). */
async function startLogin(env: NodeJS.ProcessEnv) {
  const login = start(["login", "--no-browser"], env);
  const deadline = Date.now() + 30_000;
  let match: RegExpExecArray | null = null;
  while (!match && Date.now() < deadline) {
    match = /enter the code ([A-Z]{4}-[A-Z]{4})\n\(or open (\S+)\)/.exec(login.stderr());
    if (!match) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!match) throw new Error(`ludex login printed no code: ${login.stderr()}`);
  return { ...login, code: match[1], url: match[2] };
}

async function answer(page: Page, url: string, decision: "Approve" | "Deny") {
  await page.goto(url);
  await page.getByRole("button", { name: decision }).click();
  await expect(page.getByRole("status").textContent()).resolves.toContain(decision === "Approve" ? "Approved" : "Denied");
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("ludex login", () => {
  it("is approved in the browser, stores the credential privately, runs commands with it, and logout revokes it", async () => {
    const configDir = join(mkdtempSync(join(tmpdir(), "ludex-cli-")), "ludex");
    const env = cliEnv(configDir);
    const { context, page } = await signInWithBrowser(browser, uniqueEmail("cli-login"));
    const login = await startLogin(env);
    expect(login.url).toBe(`${inject("baseUrl")}/cli/activate?code=${login.code}`);

    await page.goto(login.url);
    await expect(page.getByTestId("cli-host").textContent()).resolves.toBe(hostname());
    await expect(page.getByTestId("cli-version").textContent()).resolves.toBe(VERSION);
    await expect(page.getByTestId("user-code").textContent()).resolves.toBe(login.code);
    await answer(page, login.url, "Approve");
    const finished = await login.done;
    expect(finished.code, finished.stderr).toBe(0);
    expect(finished.stdout).toContain("Logged in to");

    // 0600 in a 0700 directory, whatever the umask.
    const file = join(configDir, "credentials.json");
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const token = Object.values(JSON.parse(readFileSync(file, "utf8")).credentials as Record<string, { token: string }>)[0].token;
    expect(token).toMatch(/^ldxc_/);

    const game = await run(["games", "get", "730", "--json"], env);
    expect(game.code, game.stderr).toBe(0);
    expect(JSON.parse(game.stdout).data.appId).toBe(730);
    const table = await run(["games", "list", "--tags", "rogue-like", "--sort", "-reviews", "--limit", "3"], env);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split("\n")[0]).toMatch(/^\s*appId\s+name/);
    expect(table.stderr).toMatch(/1-3 of \d+; next page: --offset 3/);

    const status = await run(["auth", "status", "--json"], env);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ loggedIn: true, source: "stored", type: "cli", clientName: `ludex ${VERSION} on ${hostname()}` });
    // The environment's token wins, and the status says so.
    const overridden = await run(["auth", "status", "--json"], cliEnv(configDir, { LUDEX_TOKEN: inject("apiKey") }));
    expect(JSON.parse(overridden.stdout)).toMatchObject({ source: "env", type: "api", workspace: { id: inject("workspaceId") } });

    // The dashboard lists it with the host and version it was approved for.
    await page.goto("/dashboard/keys");
    await expect(page.getByTestId("cli-keys").textContent()).resolves.toContain(`ludex ${VERSION} on ${hostname()}`);

    const logout = await run(["logout"], env);
    expect(logout.code, logout.stderr).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect((await api("/status", { token })).status).toBe(401);
    const after = await run(["auth", "status"], env);
    expect(after.code).toBe(3);
    expect(after.stdout).toContain("Not logged in");
    await context.close();
  });

  it("ends when the browser session that approved it signs out, and a denial ends the login with exit 3", async () => {
    const env = cliEnv(join(mkdtempSync(join(tmpdir(), "ludex-cli-")), "ludex"));
    // Signed out, the printed link leads through sign-in and back to the code.
    const email = uniqueEmail("cli-signout");
    const context = await browser.newContext({ baseURL: inject("baseUrl") });
    const page = await context.newPage();
    const denied = await startLogin(env);
    await page.goto(denied.url);
    await page.waitForURL(/\/signin\?callbackUrl=/);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: /sign-in link/i }).click();
    await page.waitForURL(/\/signin\/check-email/);
    await page.goto(await latestMailLink(email));
    await page.waitForURL(/\/cli\/activate\?code=/);
    await expect(page.getByTestId("user-code").textContent()).resolves.toBe(denied.code);
    await answer(page, denied.url, "Deny");
    const refused = await denied.done;
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("access_denied");

    const login = await startLogin(env);
    await answer(page, login.url, "Approve");
    expect((await login.done).code).toBe(0);
    expect((await run(["status", "--json"], env)).code).toBe(0);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/signin/);
    const ended = await run(["status"], env);
    expect(ended.code).toBe(3);
    expect(ended.stderr).toContain("browser session");
    await context.close();
  });
});
