import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/free-port";
import { checkedAnswer } from "../../support/http";

/**
 * `npm start` (the launcher, the suite's build) on a database of the test's own, with the sync's environment:
 * the catalog these tests change is theirs, never the suite's. `database: null` runs the embedded default in a
 * fresh folder.
 */
export async function startSyncServer(env: Record<string, string>, database: string | null): Promise<{ base: string; dataDir: string; output: () => string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "ludex-sync-"));
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LUDEX_DATA_DIR: dataDir, LUDEX_SKIP_BUILD: "1", NEXT_TELEMETRY_DISABLED: "1", ...env };
  if (database) childEnv.DATABASE_URL = database;
  else delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child: ChildProcess = spawn("npx", ["tsx", "lib/runtime/start.ts"], { detached: true, stdio: ["ignore", "pipe", "pipe"], env: childEnv });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => log.push(String(chunk)));
  const stop = async () => {
    if (!child.pid || child.exitCode !== null) return;
    process.kill(-child.pid, "SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (await fetch(`${base}/api/v1/openapi.json`).then((r) => r.ok, () => false)) return { base, dataDir, output: () => log.join(""), stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`sync server not ready:\n${log.join("").slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The embedded database's URL of a server started on the embedded default. */
export function embeddedUrl(dataDir: string): string {
  return JSON.parse(readFileSync(join(dataDir, "embedded.json"), "utf8")).url;
}

/** A request to that server, its answer checked against the operation's schema like every suite request. */
export async function call(base: string, path: string, token: string | null, init: RequestInit = {}) {
  const url = `${base}${path.startsWith("/api") ? path : `/api/v1${path}`}`;
  const headers = new Headers(init.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  return checkedAnswer(url, init.method, await fetch(url, { ...init, headers }));
}

/** Polls until `check` holds (or fails with what it last saw). */
export async function waitFor<T>(what: string, read: () => Promise<T>, check: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < deadline) {
    last = await read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what}: not reached in ${timeoutMs} ms; last: ${JSON.stringify(last).slice(0, 1500)}`);
}
