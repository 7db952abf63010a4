import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { workspaceWithKey } from "./admin";
import { freePort } from "./free-port";
import { createTestDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    mode: "embedded" | "postgres";
    /** a Pro API key with a large allowance, for contract tests that are not about access */
    apiKey: string;
    workspaceId: string;
    /** the one http loopback origin the server fetches OAuth client metadata documents from (tests only) */
    cimdOrigin: string;
  }
}

const READY_TIMEOUT_MS = 15 * 60_000;
export const GENEROUS_LIMITS = {
  free: { requests: 1_000_000 },
  starter: { requests: 1_000_000 },
  pro: { requests: 1_000_000 },
  anonymous: { requests: 1_000_000 },
  anonymousDaily: { requests: 1_000_000 },
  anonymousCostly: { requests: 1_000_000 },
  // the security suite sends refused tokens from this one address all the time
  authFailures: { requests: 1_000_000 },
  // many tests sign in from this one address; the per-address (email) limit stays as shipped
  signInClient: { requests: 1_000_000 },
  // many files register OAuth clients from this one address, three files at a time (the limit: tests/http/cli/limits)
  oauthRegistration: { requests: 1_000_000 },
};

/**
 * Starts the server the way users do (`npm start`'s launcher: build if needed, migrate, ingest the real
 * data, serve) on a free port, against a fresh embedded folder or a fresh database on DATABASE_URL's server.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const cimdOrigin = `http://127.0.0.1:${await freePort()}`;
  const dataDir = mkdtempSync(join(tmpdir(), "ludex-test-"));
  const serverUrl = process.env.DATABASE_URL;
  const database = serverUrl ? await createTestDatabase(serverUrl) : undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LUDEX_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    // Contract tests send many requests; the limits themselves are tested on a second, strict server.
    LUDEX_LIMITS: JSON.stringify(GENEROUS_LIMITS),
    // tests/browser/mcp-client-metadata.test.ts serves client metadata documents there
    LUDEX_TEST_CIMD_ORIGIN: cimdOrigin,
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  if (!database) delete env.DATABASE_URL;
  const server = spawn("npx", ["tsx", "lib/runtime/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const log: string[] = [];
  server.stdout!.on("data", (chunk) => log.push(String(chunk)));
  server.stderr!.on("data", (chunk) => log.push(String(chunk)));

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(baseUrl, server, log);
  } catch (error) {
    stop(server);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${log.join("").slice(-4000)}`);
  }
  const databaseUrl = database?.url ?? JSON.parse(readFileSync(join(dataDir, "embedded.json"), "utf8")).url;
  project.provide("baseUrl", baseUrl);
  project.provide("databaseUrl", databaseUrl);
  project.provide("cimdOrigin", cimdOrigin);
  project.provide("mode", database ? "postgres" : "embedded");
  const contractKey = await workspaceWithKey(databaseUrl, { plan: "pro", allowance: 100_000_000 });
  project.provide("apiKey", contractKey.secret);
  project.provide("workspaceId", contractKey.workspaceId);

  return async () => {
    await stop(server);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

async function waitForReady(baseUrl: string, server: ChildProcess, log: string[]) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/status`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`server not ready after ${READY_TIMEOUT_MS / 1000}s; last output: ${log.slice(-3).join("")}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  process.kill(-server.pid, "SIGTERM");
  const timer = setTimeout(() => server.pid && process.kill(-server.pid, "SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}
