// npm run bench:sync: one sync CLI process, run as users run it (`npx tsx ... --once --json`), measured from
// outside: wall time, the process tree's CPU and peak RSS (GNU time), the engine process's own CPU, RSS and
// statement times (tests/bench/sync-timed-cli.ts), the PostgreSQL backends' CPU (from /proc, sampled every
// second) and pg_stat_database counters of its database.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { SyncReportJson } from "../../lib/sync/sync-report";
import { cpuSnapshot } from "./process-cpu";

export interface EngineSample {
  at: number;
  final: boolean;
  userSeconds: number;
  systemSeconds: number;
  maxRssKiB: number;
  rssKiB: number;
  statements: number;
  statementMs: number;
  /** since the previous sample: the event loop's largest and 99th-percentile delay */
  loopDelayMaxMs?: number;
  loopDelayP99Ms?: number;
  groups?: Record<string, { count: number; ms: number }>;
}

export interface DbStats {
  at: number;
  /** ms spent executing statements in this database (PostgreSQL 14+) */
  activeMs: number;
  xactCommit: number;
  xactRollback: number;
  blksRead: number;
  blksHit: number;
  tupReturned: number;
  tupFetched: number;
  tupInserted: number;
  tupUpdated: number;
  tupDeleted: number;
}

export interface CliRun {
  exitCode: number | null;
  report: SyncReportJson | null;
  stderrTail: string;
  startedAt: number;
  endedAt: number;
  wallSeconds: number;
  /** the whole tree (npx, tsx, the engine), from GNU time: CPU seconds and the largest process's peak RSS */
  tree: { userSeconds: number; systemSeconds: number; maxRssKiB: number } | null;
  /** the engine process alone, every few seconds and at exit */
  engine: EngineSample[];
  /** this database's backends: cumulative CPU seconds at each second of the run */
  postgresCpu: { at: number; seconds: number }[];
  /** pg_stat_database of this database, every 10 s and after the run */
  dbStats: DbStats[];
}

export interface CliOptions {
  /** environment over the bench's own; undefined removes a variable */
  env: Record<string, string | undefined>;
  args: string[];
  /** the database on the real server (its backends and statistics are read); unset for the embedded one */
  database?: { name: string; serverUrl: string };
  log: (line: string) => void;
  /** a line printed every `progressSeconds` while the process runs */
  progress?: () => string;
  progressSeconds?: number;
}

const running = new Set<ChildProcess>();

/** Stops every CLI process still running (the bench's cleanup on Ctrl-C or failure). */
export function stopRunningClis(): void {
  for (const child of running) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // gone
    }
  }
}

export async function runSyncCli(options: CliOptions): Promise<CliRun> {
  const dir = mkdtempSync(join(tmpdir(), "ludex-bench-sync-"));
  const timeFile = join(dir, "time.txt");
  const samplesFile = join(dir, "samples.jsonl");
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SYNC_SAMPLES: samplesFile };
  for (const [key, value] of Object.entries(options.env)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const stats = options.database ? await statsReader(options.database) : null;
  const dbStats: DbStats[] = [];
  if (stats) dbStats.push(await stats.read());
  const postgresCpu: { at: number; seconds: number }[] = [];
  const backendCpu = options.database ? backendCpuMeter(options.database.name) : null;
  if (backendCpu) postgresCpu.push({ at: Date.now(), seconds: backendCpu.sample() });

  const startedAt = Date.now();
  // BENCH_SYNC_ENGINE_DIR: the engine of another checkout (a change to compare), with this shim copied beside it
  const child = spawn("/usr/bin/time", ["-f", "%U %S %M", "-o", timeFile, "npx", "tsx", "tests/bench/sync-timed-cli.ts", ...options.args], {
    cwd: process.env.BENCH_SYNC_ENGINE_DIR || process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += String(chunk)));
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += String(chunk);
    if (stderr.length > 200_000) stderr = stderr.slice(-100_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let lastProgress = Date.now();
  let lastStats = Date.now();
  const timer = setInterval(() => {
    if (backendCpu) postgresCpu.push({ at: Date.now(), seconds: backendCpu.sample() });
    if (stats && Date.now() - lastStats >= 10_000) {
      lastStats = Date.now();
      void stats.read().then((row) => dbStats.push(row)).catch(() => undefined);
    }
    if (options.progress && Date.now() - lastProgress >= (options.progressSeconds ?? 30) * 1000) {
      lastProgress = Date.now();
      options.log(options.progress());
    }
  }, 1_000);
  const exitCode = await exited;
  const endedAt = Date.now();
  clearInterval(timer);
  running.delete(child);
  if (backendCpu) {
    // backends end with their pool; what they used after the last sample is lost (at most a second's worth)
    postgresCpu.push({ at: endedAt, seconds: backendCpu.sample() });
  }
  if (stats) {
    // backends report their counters when they end; give them a moment
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    dbStats.push(await stats.read());
    await stats.close();
  }
  const report = parseReport(stdout);
  const tree = existsSync(timeFile) ? parseTime(readFileSync(timeFile, "utf8")) : null;
  const engine = existsSync(samplesFile)
    ? readFileSync(samplesFile, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line) as EngineSample)
    : [];
  rmSync(dir, { recursive: true, force: true });
  if (exitCode !== 0 || !report) options.log(`sync CLI exited with ${exitCode}; its stderr ends:\n${stderr.slice(-3000)}`);
  return { exitCode, report, stderrTail: stderr.slice(-3000), startedAt, endedAt, wallSeconds: (endedAt - startedAt) / 1000, tree, engine, postgresCpu, dbStats };
}

function parseReport(stdout: string): SyncReportJson | null {
  const line = stdout.trim().split("\n").reverse().find((l) => l.startsWith("{"));
  if (!line) return null;
  try {
    return JSON.parse(line) as SyncReportJson;
  } catch {
    return null;
  }
}

/** GNU time's `%U %S %M` line (it may be preceded by "Command exited with non-zero status N"). */
function parseTime(text: string): CliRun["tree"] {
  const line = text.trim().split("\n").at(-1) ?? "";
  const [user, system, rss] = line.split(/\s+/).map(Number);
  if (![user, system, rss].every(Number.isFinite)) return null;
  return { userSeconds: user, systemSeconds: system, maxRssKiB: rss };
}

/**
 * Cumulative CPU seconds of the database's backends since the meter started: each backend counts from its
 * first sample (or from zero when it started after the first), so pooled connections that come and go add up.
 */
function backendCpuMeter(database: string) {
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  let initial = true;
  return {
    sample(): number {
      const snapshot = cpuSnapshot({ groups: {}, database });
      for (const [key, { label, seconds }] of snapshot) {
        if (label !== "postgres") continue;
        if (!first.has(key)) first.set(key, initial ? seconds : 0);
        last.set(key, seconds);
      }
      initial = false;
      let total = 0;
      for (const [key, seconds] of last) total += seconds - (first.get(key) ?? 0);
      return total;
    },
  };
}

async function statsReader(database: { name: string; serverUrl: string }) {
  const client = new pg.Client({ connectionString: database.serverUrl });
  await client.connect();
  return {
    async read(): Promise<DbStats> {
      await client.query("SELECT pg_stat_clear_snapshot()");
      const { rows } = await client.query(
        `SELECT active_time, xact_commit, xact_rollback, blks_read, blks_hit, tup_returned, tup_fetched, tup_inserted, tup_updated, tup_deleted
         FROM pg_stat_database WHERE datname = $1`,
        [database.name],
      );
      const r = rows[0] ?? {};
      return {
        at: Date.now(),
        activeMs: Number(r.active_time ?? 0),
        xactCommit: Number(r.xact_commit ?? 0),
        xactRollback: Number(r.xact_rollback ?? 0),
        blksRead: Number(r.blks_read ?? 0),
        blksHit: Number(r.blks_hit ?? 0),
        tupReturned: Number(r.tup_returned ?? 0),
        tupFetched: Number(r.tup_fetched ?? 0),
        tupInserted: Number(r.tup_inserted ?? 0),
        tupUpdated: Number(r.tup_updated ?? 0),
        tupDeleted: Number(r.tup_deleted ?? 0),
      };
    },
    close: () => client.end(),
  };
}

/** The value of a cumulative series at time `at` (the last sample at or before it). */
export function valueAt<T extends { at: number }>(series: T[], at: number): T | undefined {
  let found: T | undefined;
  for (const item of series) {
    if (item.at <= at) found = item;
    else break;
  }
  return found ?? series[0];
}
