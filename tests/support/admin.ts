import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Runs `npm run admin -- ...args --json` (the operators' interface) against the test database. */
export async function admin<T = Record<string, any>>(databaseUrl: string, ...args: string[]): Promise<T> {
  const { stdout } = await run("npx", ["tsx", "lib/admin/admin-cli.ts", ...args, "--json"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    // generous: on a loaded machine (2 cores shared with other suites) nine of these start at once
    timeout: 240_000,
  });
  const line = stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(line) as T;
}

/** A workspace on `plan` with one API key (or the given token type and scopes). */
export async function workspaceWithKey(
  databaseUrl: string,
  options: { plan?: string; allowance?: number; type?: string; scopes?: string; expiresIn?: number } = {},
) {
  const workspace = await admin(databaseUrl, "workspace", "create", "--name", "test", "--plan", options.plan ?? "pro",
    ...(options.allowance !== undefined ? ["--allowance", String(options.allowance)] : []));
  const key = await admin(databaseUrl, "key", "create", "--workspace", workspace.id, "--type", options.type ?? "api",
    ...(options.scopes ? ["--scopes", options.scopes] : []),
    ...(options.expiresIn !== undefined ? ["--expires-in", String(options.expiresIn)] : []));
  return { workspaceId: workspace.id as string, keyId: key.id as string, secret: key.secret as string };
}
