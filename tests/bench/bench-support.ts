// What the benchmarks share: capturing the SQL the API sends, starting the real server through the
// `npm start` launcher, stopping process groups, and replacing marked sections of docs/benchmarks.md.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../support/free-port";

export interface Statement {
  text: string;
  values: unknown[];
}

/** Records the statements the Prisma path sends while `run` executes (its adapter queries through pg.Client). */
export async function captureStatements(run: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (config && typeof config === "object" && "text" in config) {
      const { text, values } = config as { text: string; values?: unknown[] };
      seen.push({ text, values: values ?? [] });
    }
    return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
  } as typeof original;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = original;
  }
  return seen;
}

const UNLIMITED = { requests: 1_000_000_000 };

export interface LauncherOptions {
  databaseUrl: string;
  /** rate limits through this Redis; unset: in-process */
  redisUrl?: string;
  extraEnv?: Record<string, string>;
  /** steps to run at the end (the data folder's removal and the server's stop are pushed here) */
  cleanups: (() => Promise<void>)[];
  log: (line: string) => void;
  readyTimeoutMs?: number;
}

/** The real server as users start it, on a free port, with limits out of the way (the bench measures throughput). */
export async function startLauncher(options: LauncherOptions) {
  const { databaseUrl, redisUrl, cleanups, log } = options;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "ludex-bench-"));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LUDEX_DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    LUDEX_LIMITS: JSON.stringify({ free: UNLIMITED, starter: UNLIMITED, pro: UNLIMITED, anonymous: UNLIMITED, anonymousDaily: UNLIMITED, anonymousCostly: UNLIMITED }),
    ...options.extraEnv,
  };
  if (redisUrl) env.REDIS_URL = redisUrl;
  else delete env.REDIS_URL;
  const started = Date.now();
  const child = spawn("npx", ["tsx", "lib/runtime/start.ts"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  cleanups.push(async () => {
    await stopGroup(child);
    log("stopped the server");
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = String(chunk);
    output.push(text);
    for (const line of text.split("\n")) if (line.startsWith("[ludex]")) log(`launcher: ${line}`);
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 15 * 60_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`launcher exited with ${child.exitCode}\n${output.join("").slice(-4000)}`);
    if (Date.now() > deadline) throw new Error(`launcher not ready in time\n${output.join("").slice(-4000)}`);
    try {
      if ((await fetch(`${origin}/api/v1/status`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const readySeconds = (Date.now() - started) / 1000;
  log(`server ready at ${origin} in ${readySeconds.toFixed(1)} s`);
  return { origin, pgid: child.pid!, readySeconds, built: output.join("").includes("building the app") };
}

/** SIGTERM to a detached child's process group, SIGKILL after 10 s. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // gone
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/** Replaces the marked sections `<!-- bench:id -->...<!-- /bench:id -->` of a document, appending missing ones. */
export function writeDocSections(path: string, sections: [id: string, body: string][], header = "# Benchmarks\n"): void {
  let text = existsSync(path) ? readFileSync(path, "utf8") : header;
  for (const [id, body] of sections) {
    const start = `<!-- bench:${id} -->`;
    const end = `<!-- /bench:${id} -->`;
    const block = `${start}\n${body}${end}`;
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    text = from >= 0 && to > from ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  }
  writeFileSync(path, text);
}
