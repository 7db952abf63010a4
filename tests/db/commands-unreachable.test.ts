// The admin command and ingestion on a database that cannot be reached: a one-line message and exit
// code 1, no stack trace, no hang (a port nothing listens on: connection refused).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";

const run = promisify(execFile);

async function fails(args: string[], env: Record<string, string>) {
  const started = Date.now();
  const result = await run("npx", ["tsx", ...args], { env: { ...process.env, ...env }, timeout: 60_000 }).then(
    () => ({ code: 0, stdout: "", stderr: "" }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  return { ...result, ms: Date.now() - started };
}

describe("commands with the database unreachable", () => {
  it("npm run admin: 'Cannot reach the database at host:port', exit 1, JSON error line, no stack", async () => {
    const port = await freePort();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const result = await fails(["lib/admin/admin-cli.ts", "usage", "--workspace", "ws_x", "--json"], { DATABASE_URL: url });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot reach the database at 127.0.0.1:${port}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(JSON.parse(result.stdout.trim().split("\n").at(-1)!).error).toContain("Cannot reach the database");
  });

  it("npm run ingest: stops before reading the sources with the same message, exit 1, no stack", async () => {
    const port = await freePort();
    const result = await fails(["prisma/ingest.ts", "--database-url", `postgres://postgres@127.0.0.1:${port}/postgres`], {});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Ingestion stopped: Cannot reach the database at 127.0.0.1:${port}`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.ms).toBeLessThan(30_000);
  });
});
