import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { SyncReportJson } from "@/lib/sync/sync-report";

/**
 * The sync as an operator runs it: `lib/sync/sync-cli.ts` as its own process, `--once --json` for a pass and
 * no argument for the worker. Started with `node --import tsx` (not the tsx wrapper) so that the pid we hold
 * is the worker itself and `kill -9` reaches it.
 */
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const CLI = ["--import", "tsx", "lib/sync/sync-cli.ts"];

/** Settings of the parent's environment that must not leak into a child (it gets exactly what the test sets). */
const INHERITED_BLOCKLIST = /^(LUDEX_|STEAM_API_KEY$|DATABASE_URL|POSTGRES_|VERCEL)/;

const children = new Set<ChildProcess>();

export function childEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (INHERITED_BLOCKLIST.test(key)) delete env[key];
  return Object.assign(env, settings);
}

export interface OnceResult {
  report: SyncReportJson;
  stderr: string;
  /** null when the process was still alive after its report and was killed (see `runOnce`) */
  exitCode: number | null;
  /** milliseconds from spawn to the report line, and to the process's end */
  reportMs: number;
  exitMs: number;
}

export interface OnceOptions {
  maxSeconds?: number;
  /** how long the process may live on after printing its report; null waits for its natural exit */
  lingerMs?: number | null;
  timeoutMs?: number;
}

/**
 * One `--once --json` pass; resolves with its report. The CLI exits once its report is out (passes-and-days.test.ts
 * holds it to that: Prisma's WebAssembly schema engine leaves a 10 s timer behind, which the CLI does not wait for);
 * a process still alive 5 s after its report line is killed, so a regression fails that test, not every file.
 */
export function runOnce(settings: Record<string, string>, options: OnceOptions = {}): Promise<OnceResult> {
  const args = [...CLI, "--once", "--json", ...(options.maxSeconds ? ["--max-seconds", String(options.maxSeconds)] : [])];
  const child = track(spawn(process.execPath, args, { cwd: ROOT, env: childEnv(settings), stdio: ["ignore", "pipe", "pipe"] }));
  const started = Date.now();
  const linger = options.lingerMs === undefined ? 5_000 : options.lingerMs;
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    let report: SyncReportJson | undefined;
    let reportMs = 0;
    const deadline = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 110_000);
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.stdout!.on("data", (chunk) => {
      stdout += chunk;
      if (report || !stdout.includes("\n")) return;
      report = JSON.parse(stdout.split("\n")[0]) as SyncReportJson;
      reportMs = Date.now() - started;
      if (linger !== null) setTimeout(() => child.kill("SIGKILL"), linger).unref();
    });
    child.on("exit", (code) => {
      clearTimeout(deadline);
      if (report) resolve({ report, stderr, exitCode: code, reportMs, exitMs: Date.now() - started });
      else reject(new Error(`sync --once ended (code ${code}) without a report after ${Date.now() - started} ms:\n${stderr}${stdout}`));
    });
  });
}

export interface Worker {
  child: ChildProcess;
  /** resolves with the exit code (null when killed by a signal) */
  exited: Promise<number | null>;
  stderr: () => string;
}

/** The long-running worker (`npm run sync` with no option). */
export function startWorker(settings: Record<string, string>): Worker {
  const child = track(spawn(process.execPath, CLI, { cwd: ROOT, env: childEnv(settings), stdio: ["ignore", "pipe", "pipe"] }));
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Kills every sync process this test file started and has not seen end (an afterAll's duty). */
export async function killSyncProcesses(): Promise<void> {
  const alive = [...children];
  await Promise.all(
    alive.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
}
