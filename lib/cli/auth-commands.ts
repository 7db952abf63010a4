import { spawn } from "node:child_process";
import { hostname } from "node:os";
import type { Command } from "commander";
import { credentialInUse, send, type CliTarget } from "./api-client";
import { credentialsPath, deleteCredential, readCredential, saveCredential } from "./config-store";
import { CliExit, EXIT } from "./exit-codes";

const GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const CLIENT_ID = "ludex-cli";

export function addAuthCommands(program: Command, target: () => CliTarget, version: string): void {
  program
    .command("login")
    .description("log in through the browser (device code); the credential is stored in your config directory")
    .option("--no-browser", "only print the URL and code, do not open a browser")
    .action(async (options: { browser: boolean }) => login(target(), version, options.browser));
  program
    .command("logout")
    .description("revoke the stored credential on the server, then delete it locally")
    .action(async () => logout(target()));
  program
    .command("auth")
    .description("the credential in use")
    .command("status")
    .description("which credential is in use (LUDEX_TOKEN wins over the stored login), its workspace and expiry")
    .option("--json", "print it as JSON")
    .action(async (options: { json?: boolean }) => status(target(), Boolean(options.json)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function login(target: CliTarget, version: string, openBrowser: boolean) {
  const started = await send(target, "/api/cli/device", {
    method: "POST",
    body: new URLSearchParams({ client_id: CLIENT_ID, host: hostname(), version }),
  });
  if (started.status !== 200) throw new CliExit(EXIT.apiError, `The server refused to start a login: ${started.body?.error_description ?? started.status}`);
  const { device_code, user_code, verification_uri, verification_uri_complete, expires_in } = started.body;
  let interval = Number(started.body.interval ?? 5);
  process.stderr.write(
    `To log in, open ${verification_uri} and enter the code ${user_code}\n` +
      `(or open ${verification_uri_complete}). The code expires in ${Math.round(expires_in / 60)} minutes.\n`,
  );
  if (openBrowser) tryOpen(verification_uri_complete);
  process.stderr.write("Waiting for approval in the browser...\n");
  for (;;) {
    await sleep(interval * 1000);
    const polled = await send(target, "/api/cli/token", { method: "POST", body: new URLSearchParams({ grant_type: GRANT, device_code, client_id: CLIENT_ID }) });
    if (polled.status === 200) {
      const body = polled.body;
      const previous = await readCredential(target.origin);
      await saveCredential(target.origin, {
        token: body.access_token,
        workspace: body.workspace,
        expiresAt: body.expires_at ?? null,
        clientName: body.client_name ?? null,
        createdAt: new Date().toISOString(),
      });
      // A login replaces the previous one: end the old credential too rather than leave it working unseen.
      if (previous) await send(target, "/api/cli/credential", { method: "DELETE", token: previous.token }).catch(() => undefined);
      process.stdout.write(`Logged in to ${target.origin}, workspace ${body.workspace.name} (${body.workspace.id}); the credential expires ${body.expires_at ?? "never"}.\n`);
      if (process.env.LUDEX_TOKEN) process.stderr.write("Note: LUDEX_TOKEN is set in the environment and is used instead of this login until you unset it.\n");
      return;
    }
    const error = polled.body?.error as string | undefined;
    if (error === "authorization_pending") continue;
    if (error === "slow_down") {
      interval = Number(polled.body.interval ?? interval + 5);
      continue;
    }
    const description = polled.body?.error_description ?? `the server answered ${polled.status}`;
    throw new CliExit(EXIT.loginNeeded, `Login failed (${error ?? polled.status}): ${description}`);
  }
}

/** Opens the URL in the desktop's browser where there is one; failing to is not an error (the URL is printed). */
function tryOpen(url: string) {
  const [command, args] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", "", url]] : ["xdg-open", [url]];
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.on("error", () => process.stderr.write("(Could not open a browser: open the URL above yourself.)\n"));
    child.unref();
  } catch {
    // the printed URL is the fallback
  }
}

async function logout(target: CliTarget) {
  const stored = await readCredential(target.origin);
  if (!stored) {
    process.stdout.write(`Not logged in to ${target.origin}.\n`);
  } else {
    const revoked = await send(target, "/api/cli/credential", { method: "DELETE", token: stored.token });
    // 401: the server already refuses it (revoked, expired, its session ended): deleting it locally is all that is left.
    if (revoked.status !== 200 && revoked.status !== 401) {
      throw new CliExit(EXIT.apiError, `The server did not revoke the credential (${revoked.body?.error?.message ?? revoked.status}); it is still stored.`);
    }
    await deleteCredential(target.origin);
    process.stdout.write(`Logged out of ${target.origin}: the credential is revoked and deleted.\n`);
  }
  if (process.env.LUDEX_TOKEN) process.stderr.write("LUDEX_TOKEN is still set in the environment and is still used.\n");
}

async function status(target: CliTarget, json: boolean) {
  const credential = await credentialInUse(target);
  const source = credential?.source === "env" ? "LUDEX_TOKEN (environment; overrides any stored login)" : credential ? `stored login (${credentialsPath()})` : null;
  if (!credential) {
    const report = { loggedIn: false, server: target.origin, source: null };
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : `Not logged in to ${target.origin}. Run \`ludex login\`.\n`);
    throw new CliExit(EXIT.loginNeeded, "");
  }
  const info = await send(target, "/api/cli/credential", { token: credential.token });
  const valid = info.status === 200;
  const masked = `${credential.token.slice(0, credential.token.indexOf("_") + 5)}…${credential.token.slice(-4)}`;
  const report = {
    loggedIn: valid,
    server: target.origin,
    source: credential.source,
    token: masked,
    type: valid ? info.body.type : null,
    workspace: valid ? info.body.workspace : credential.source === "stored" ? credential.stored.workspace : null,
    expiresAt: valid ? info.body.expiresAt : null,
    clientName: valid ? info.body.clientName : null,
    error: valid ? null : (info.body?.error?.message ?? `the server answered ${info.status}`),
  };
  if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const lines = [
      `Server:     ${target.origin}`,
      `Credential: ${masked} from ${source}`,
      valid ? `Type:       ${report.type}${report.clientName ? ` (${report.clientName})` : ""}` : `Status:     refused: ${report.error}`,
      `Workspace:  ${report.workspace ? `${report.workspace.name} (${report.workspace.id})` : "-"}`,
      ...(valid ? [`Expires:    ${report.expiresAt ?? "never"}`] : []),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
  }
  if (!valid) throw new CliExit(info.status === 401 ? EXIT.loginNeeded : EXIT.apiError, "");
}
