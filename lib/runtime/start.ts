// npm start: build if needed, start (or reuse) the embedded database, migrate, load the data once, serve.
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { dataDirectory } from "../db/connect-database";
import { guardClient } from "../db/connection-fault";
import { openOrJoinEmbedded } from "../db/embedded-server";
import { migrateDatabase } from "../db/migrate-database";
import { ensureAuthSecret } from "./auth-secret";
import { needsBuild } from "./build-state";
import { ensureDemoWorkspace } from "./demo-workspace";
import { progressReporter } from "./progress-line";
import { startSyncWorker } from "./sync-worker";
import { missingBuildProblem, vercelEnvironmentProblems } from "./vercel-environment";

const NEXT_BIN = createRequire(import.meta.url).resolve("next/dist/bin/next");
const SERVE_NEXT = fileURLToPath(new URL("./serve-next.ts", import.meta.url));
const dev = process.argv.includes("--dev");
const port = process.env.PORT ?? "3000";
const log = (message: string) => console.error(`[ludex] ${message}`);

// Until Next runs, a signal or a failure must still close PGlite cleanly before we exit.
let stopEmbedded: (() => Promise<void>) | undefined;

async function exitEarly(code: number) {
  await stopEmbedded?.().catch(() => undefined);
  process.exit(code);
}

/** As the platform runs the app: the existing build with `next start`; no embedded database, build, migration or data load. */
function serveAsVercel() {
  const problems = vercelEnvironmentProblems();
  const noBuild = missingBuildProblem();
  if (noBuild) problems.push(noBuild);
  if (problems.length) throw new Error(`VERCEL=1:\n  - ${problems.join("\n  - ")}`);
  log("VERCEL=1: serving the existing build with next start, as the platform does (no embedded database, build, migration or data load)");
  serve(undefined, true);
}

async function main() {
  if (process.env.VERCEL === "1") return serveAsVercel();
  process.once("SIGINT", () => void exitEarly(130));
  process.once("SIGTERM", () => void exitEarly(143));
  const embedded = await openDatabase();
  stopEmbedded = embedded?.stop;
  const databaseUrl = process.env.DATABASE_URL!;
  const { applied } = await migrateDatabase(databaseUrl);
  if (applied.length) log(`migrations applied: ${applied.join(", ")}`);
  const ingested = await ingestIfNeeded(databaseUrl);
  const rebuilt = await refreshMetricsIfStale(databaseUrl);
  if (embedded && (applied.length || ingested || rebuilt)) await checkpoint(databaseUrl);
  if (embedded) await ensureDemoWorkspace(databaseUrl, log);
  ensureAuthSecret(dataDirectory());
  if (!dev && process.env.LUDEX_SKIP_BUILD !== "1" && needsBuild()) build();
  process.removeAllListeners("SIGINT").removeAllListeners("SIGTERM");
  const stopSync = process.env.LUDEX_SYNC === "1" ? await startSyncWorker(databaseUrl, log) : undefined;
  serve(async () => {
    await stopSync?.();
    await embedded?.stop();
  });
}

async function openDatabase() {
  if (process.env.DATABASE_URL) return undefined;
  const dataDir = dataDirectory();
  const port = process.env.LUDEX_EMBEDDED_PORT ? Number(process.env.LUDEX_EMBEDDED_PORT) : 0;
  const { url, embedded } = await openOrJoinEmbedded({ dataDir, port });
  process.env.DATABASE_URL = url;
  if (!embedded) log(`using the embedded database already served at ${url}`);
  else log(`embedded PostgreSQL (PGlite) in ${dataDir}, served at ${url}  (psql "${url}")`);
  return embedded;
}

async function ingestIfNeeded(databaseUrl: string) {
  if (process.env.LUDEX_SKIP_INGEST === "1") return false;
  const client = guardClient(new pg.Client({ connectionString: databaseUrl }), "launcher");
  await client.connect();
  const { rows } = await client.query("SELECT 1 FROM ingest_runs WHERE finished_at IS NOT NULL LIMIT 1");
  await client.end();
  if (rows.length > 0) return false;
  log("first start: loading the real Steam data (about a minute)");
  const started = Date.now();
  const { runIngest } = await import("../market/ingest/run-ingest");
  await runIngest({ databaseUrl, onProgress: progressReporter() });
  log(`data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

/**
 * PGlite runs no checkpointer: a first start's data load left about a gigabyte of WAL that the next start
 * replayed when the server had not closed the folder cleanly (a stop by a signal to the process group):
 * 10 s of a 16 s second start. One checkpoint after large writes leaves nothing to replay.
 */
async function checkpoint(databaseUrl: string) {
  const client = guardClient(new pg.Client({ connectionString: databaseUrl }), "launcher");
  await client.connect();
  try {
    await client.query("CHECKPOINT");
  } finally {
    await client.end();
  }
}

/** After an upgrade that changed how metrics or estimates are computed, game_metrics is rebuilt once. */
async function refreshMetricsIfStale(databaseUrl: string) {
  const { ensureGameMetricsAt } = await import("../market/aggregates/refresh-metrics");
  const rebuilt = await ensureGameMetricsAt(databaseUrl);
  if (rebuilt) log("game metrics rebuilt (their definition changed)");
  return rebuilt;
}

function build() {
  log("building the app (next build)");
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error("next build failed");
}

function serve(beforeExit?: () => Promise<void>, asPlatform = false) {
  // Production: our own server around Next (lib/runtime/serve-next.ts), which knows the socket's address.
  // Development keeps `next dev` (its anonymous callers share one rate-limit bucket); VERCEL=1 runs plain
  // `next start` as the platform does, where the client address is Vercel's own header.
  const hostArgs = ["-p", port, ...(process.env.HOST ? ["-H", process.env.HOST] : [])];
  const args = dev ? [NEXT_BIN, "dev", ...hostArgs] : asPlatform ? [NEXT_BIN, "start", ...hostArgs] : ["--import", "tsx", SERVE_NEXT];
  const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  const shutdown = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  child.on("exit", async (code) => {
    await beforeExit?.().catch(() => undefined);
    process.exit(code ?? 0);
  });
}

main().catch(async (error) => {
  log(`could not start: ${(error as Error).message}`);
  await exitEarly(1);
});
