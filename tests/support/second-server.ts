import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { freePort } from "./free-port";

/**
 * Another server on the suite's database (`npm start`'s launcher, no build), with its own environment:
 * strict limits, trusted proxies, a DATABASE_URL through a FaultProxy. In-process rate limits (no
 * Redis), so its counts start at zero. `output`, if given, collects what the server prints.
 */
export async function startSecondServer(env: Record<string, string>, output?: string[]): Promise<{ base: string; stop(): void }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: inject("databaseUrl"),
    LUDEX_DATA_DIR: mkdtempSync(join(tmpdir(), "ludex-2nd-")),
    LUDEX_SKIP_BUILD: "1",
    ...env,
  };
  delete childEnv.REDIS_URL;
  const child: ChildProcess = spawn("npx", ["tsx", "lib/runtime/start.ts"], { detached: true, stdio: output ? ["ignore", "pipe", "pipe"] : "ignore", env: childEnv });
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk) => output?.push(String(chunk)));
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    // The Demo workspace is created on the embedded default only; /openapi.json needs no database.
    const up = await fetch(`${base}/api/v1/openapi.json`).then((r) => r.ok, () => false);
    if (up) return { base, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      stop();
      throw new Error("second server not ready");
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
