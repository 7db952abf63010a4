// npm run bench:sync, part "changed": one `--once` pass of the sync CLI over 1,000 apps the app list reports as
// changed, with every budget and replay limit lifted, on the real catalog. Setup, not timed: the catalog's
// tasks planned, the app list walked once (so each app's change hints are known), everything else made not
// due. Then, per run, on a fresh copy of that state: the replay raises `last_modified` and
// `price_change_number` of the same 1,000 apps, and the timed pass walks the app list for changes since its
// last walk, finds them, and fetches their store pages (1,000 calls) and prices (10 calls of 100).
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openOrJoinEmbedded } from "../../lib/db/embedded-server";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { runIngest } from "../../lib/market/ingest/run-ingest";
import { ensureJobRows } from "../../lib/sync/claim-job";
import { ensureHostRows } from "../../lib/sync/host-budget";
import { planSync } from "../../lib/sync/plan-sync";
import { HOSTS } from "../../lib/sync/sync-config";
import { syncDb } from "../../lib/sync/sync-db";
import type { SyncReportJson } from "../../lib/sync/sync-report";
import { startSteamReplay, type SteamReplay } from "../support/steam-replay";
import { loadCatalog } from "../support/steam-replay/catalog";
import { cliEnv } from "./sync-budget";
import { copyDatabase, type BenchDatabase } from "./sync-catalog";
import { runSyncCli, type CliRun } from "./sync-process";

export const CHANGED_APPS = 1_000;
const LIFTED = JSON.stringify(Object.fromEntries(HOSTS.map((host) => [host, { requests: 1_000_000, windowSeconds: 1 }])));
const TARGET_SECONDS = 60;

export interface ChangedRun {
  database: "PostgreSQL" | "PGlite (embedded)";
  run: number;
  /** the CLI process, start to exit (tsx start, migration check, plan, the pass, the last flush) */
  processSeconds: number;
  /** the engine's own report: runSync's start to end */
  passSeconds: number;
  fetched: Record<string, number>;
  requests: { appDetails: number; priceCalls: number; priceApps: number; appListPages: number; other: number };
  engineCpuSeconds: number;
  engineMaxRssKiB: number;
  postgresCpuSeconds: number | null;
  statementSeconds: number;
  statements: number;
  topStatements: [string, { count: number; ms: number }][];
  errors: string[];
  stoppedBecause: string | null;
}

export interface ChangedFigures {
  apps: number;
  runs: ChangedRun[];
  /** why the embedded runs are missing, when they are */
  embeddedSkipped: string | null;
  setupSeconds: Record<string, number>;
}

export async function measureChanged(options: {
  serverUrl: string;
  template: string;
  runs: number;
  embedded: boolean;
  log: (line: string) => void;
  cleanups: (() => Promise<void>)[];
}): Promise<ChangedFigures> {
  const { log } = options;
  const replay = await startSteamReplay({ limits: { store: null, api: null, steamspy: null, steamspyAll: null } });
  options.cleanups.push(() => replay.close());
  const figures: ChangedFigures = { apps: CHANGED_APPS, runs: [], embeddedSkipped: options.embedded ? null : "not asked (BENCH_SYNC_EMBEDDED=0)", setupSeconds: {} };
  try {
    // PostgreSQL
    let started = Date.now();
    const base = await copyDatabase(options.serverUrl, options.template);
    options.cleanups.push(() => base.drop());
    await prepareState(replay, log, { kind: "postgres", db: base, serverUrl: options.serverUrl });
    const apps = await changedApps(base.url);
    figures.setupSeconds.postgres = (Date.now() - started) / 1000;
    for (let run = 1; run <= options.runs; run++) {
      const db = await copyDatabase(options.serverUrl, base.name);
      options.cleanups.push(() => db.drop());
      markChanged(replay, apps);
      const result = await runSyncCli({
        env: cliEnv(db, replay, LIFTED),
        args: ["--once", "--json", "--max-seconds", "600"],
        database: { name: db.name, serverUrl: options.serverUrl },
        log,
      });
      figures.runs.push(changedRun("PostgreSQL", run, result, replay));
      log(`changed: PostgreSQL run ${run}: ${summary(figures.runs.at(-1)!)}`);
      await db.drop();
    }
    await base.drop();

    // the embedded database, as `npm start` and `npm run sync` open it without DATABASE_URL
    if (options.embedded) {
      started = Date.now();
      const folder = mkdtempSync(join(tmpdir(), "ludex-bench-sync-pglite-"));
      options.cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
      const baseDir = join(folder, "base");
      const opened = await openOrJoinEmbedded({ dataDir: baseDir });
      await migrateDatabase(opened.url);
      await runIngest({ databaseUrl: opened.url });
      figures.setupSeconds.pgliteIngest = (Date.now() - started) / 1000;
      await opened.embedded?.stop();
      await prepareState(replay, log, { kind: "embedded", dir: baseDir });
      figures.setupSeconds.pglite = (Date.now() - started) / 1000;
      for (let run = 1; run <= options.runs; run++) {
        const runDir = join(folder, `run-${run}`);
        cpSync(baseDir, runDir, { recursive: true });
        markChanged(replay, apps);
        const result = await runSyncCli({ env: embeddedEnv(runDir, replay), args: ["--once", "--json", "--max-seconds", "600"], log });
        figures.runs.push(changedRun("PGlite (embedded)", run, result, replay));
        log(`changed: PGlite run ${run}: ${summary(figures.runs.at(-1)!)}`);
        rmSync(runDir, { recursive: true, force: true });
      }
    }
  } finally {
    await replay.close();
  }
  return figures;
}

type Target = { kind: "postgres"; db: BenchDatabase; serverUrl: string } | { kind: "embedded"; dir: string };

/**
 * The state each timed run starts from: every game's tasks planned, the app list walked once (hints known),
 * then every task and job made not due but the app list's walk (due now: it will find the changes).
 */
async function prepareState(replay: SteamReplay, log: (line: string) => void, target: Target) {
  await withDatabase(target, async (pool) => {
    const db = syncDb(pool);
    await ensureHostRows(db);
    await ensureJobRows(db);
    await planSync(db, "bench-setup");
    await notDue(pool);
  });
  replay.reset();
  const walk = await runSyncCli({
    env: target.kind === "postgres" ? cliEnv(target.db, replay, LIFTED) : embeddedEnv(target.dir, replay),
    args: ["--once", "--json", "--max-seconds", "900"],
    database: target.kind === "postgres" ? { name: target.db.name, serverUrl: target.serverUrl } : undefined,
    log,
  });
  if (!walk.report?.work.applist?.fetched) throw new Error(`changed: the setup walk of the app list fetched nothing (${JSON.stringify(walk.report?.work)})`);
  log(`changed: setup walk of the app list in ${walk.wallSeconds.toFixed(0)} s: ${JSON.stringify(walk.report.work)}, ${walk.report.totals.newApps} new apps`);
  await withDatabase(target, (pool) => notDue(pool));
}

async function withDatabase(target: Target, work: (pool: pg.Pool) => Promise<void>) {
  if (target.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: target.db.url, max: 2 });
    try {
      await work(pool);
    } finally {
      await pool.end();
    }
    return;
  }
  const opened = await openOrJoinEmbedded({ dataDir: target.dir });
  const pool = new pg.Pool({ connectionString: opened.url, max: 1 });
  try {
    await work(pool);
  } finally {
    await pool.end();
    await opened.embedded?.stop();
  }
}

/** Every task due in a month and every job tomorrow, but the app list's walk: due now (the setup's full walk, then each timed run's walk for changes). */
async function notDue(pool: pg.Pool) {
  await pool.query("UPDATE sync_tasks SET due_at = now() + interval '30 days', lease_owner = NULL, lease_until = NULL");
  await pool.query("UPDATE sync_jobs SET due_at = now() + interval '1 day', lease_owner = NULL, lease_until = NULL");
  await pool.query("UPDATE sync_jobs SET due_at = now() WHERE id = 'applist'");
}

/** 1,000 apps both stored and served by the replay, evenly spread over the app ids. */
async function changedApps(url: string): Promise<number[]> {
  const served = new Set(loadCatalog().ascending);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const { rows } = await pool.query<{ app_id: number }>("SELECT app_id FROM games ORDER BY app_id");
    const both = rows.map((r) => r.app_id).filter((id) => served.has(id));
    const step = both.length / CHANGED_APPS;
    return Array.from({ length: CHANGED_APPS }, (_, i) => both[Math.floor(i * step)]);
  } finally {
    await pool.end();
  }
}

/** The store page and the price of each app changed now: the next walk of the app list sees both hints raised. */
let bumps = 0;
function markChanged(replay: SteamReplay, apps: number[]) {
  replay.reset();
  const now = Math.floor(Date.now() / 1000);
  // above every number the replay gave before (an earlier setup walk may have recorded the last bump)
  bumps++;
  for (const appId of apps) replay.update(appId, { lastModified: now, priceChangeNumber: appId * 7 + bumps });
}

/** No DATABASE_URL: the CLI opens the embedded database of `dir` itself, as `npm run sync` does beside no server. */
function embeddedEnv(dir: string, replay: SteamReplay): Record<string, string | undefined> {
  return { ...cliEnv({ name: "", url: "", drop: async () => undefined }, replay, LIFTED), DATABASE_URL: undefined, LUDEX_DATA_DIR: dir };
}

function changedRun(database: ChangedRun["database"], run: number, result: CliRun, replay: SteamReplay): ChangedRun {
  const report = result.report as SyncReportJson | null;
  const store = replay.requests("store");
  const api = replay.requests("api");
  const spy = replay.requests("steamspy");
  const prices = store.filter((r) => r.query.filters === "price_overview");
  const details = store.filter((r) => r.path.startsWith("/api/appdetails") && r.query.filters !== "price_overview");
  const appList = api.filter((r) => /getapplist/i.test(r.path));
  const final = result.engine.find((s) => s.final) ?? result.engine.at(-1);
  return {
    database,
    run,
    processSeconds: result.wallSeconds,
    passSeconds: report?.seconds ?? NaN,
    fetched: Object.fromEntries(Object.entries(report?.work ?? {}).map(([kind, t]) => [kind, t.fetched])),
    requests: {
      appDetails: details.length,
      priceCalls: prices.length,
      priceApps: prices.reduce((n, r) => n + r.appIds.length, 0),
      appListPages: appList.length,
      other: store.length + api.length + spy.length - details.length - prices.length - appList.length,
    },
    engineCpuSeconds: final ? final.userSeconds + final.systemSeconds : NaN,
    engineMaxRssKiB: final?.maxRssKiB ?? NaN,
    postgresCpuSeconds: result.postgresCpu.length ? result.postgresCpu.at(-1)!.seconds : null,
    statementSeconds: (final?.statementMs ?? NaN) / 1000,
    statements: final?.statements ?? 0,
    topStatements: Object.entries(final?.groups ?? {})
      .sort(([, a], [, b]) => b.ms - a.ms)
      .slice(0, 8),
    errors: report?.errors ?? [`no report (exit ${result.exitCode}): ${result.stderrTail.slice(-500)}`],
    stoppedBecause: report?.stoppedBecause ?? null,
  };
}

function summary(r: ChangedRun): string {
  return `process ${r.processSeconds.toFixed(1)} s, pass ${r.passSeconds.toFixed(1)} s; fetched ${JSON.stringify(r.fetched)}; requests ${JSON.stringify(r.requests)}; engine CPU ${r.engineCpuSeconds.toFixed(1)} s${r.postgresCpuSeconds === null ? "" : `, PostgreSQL CPU ${r.postgresCpuSeconds.toFixed(1)} s`}; errors ${r.errors.length}`;
}

export function changedLines(f: ChangedFigures): string[] {
  const lines = [
    `Target: under ${TARGET_SECONDS} s. Each run starts from the same state (a fresh copy); the pass walks the app list for changes (1 page), then fetches the ${f.apps.toLocaleString("en-US")} store pages and ${f.apps / 100} price calls of 100.`,
    "",
    "| database | run | process s (start to exit) | pass s (engine report) | verdict | fetched | replay requests: appdetails / price calls (apps) / app list pages / other | engine CPU s | peak RSS MiB | PostgreSQL CPU s | statement time s (count) |",
    "|---|---:|---:|---:|---|---|---|---:|---:|---:|---:|",
  ];
  for (const r of f.runs) {
    lines.push(
      `| ${r.database} | ${r.run} | **${r.processSeconds.toFixed(1)}** | ${r.passSeconds.toFixed(1)} | ${r.processSeconds < TARGET_SECONDS ? "met" : "NOT met"} | ${Object.entries(r.fetched).map(([k, v]) => `${k} ${v}`).join(", ")} | ` +
        `${r.requests.appDetails} / ${r.requests.priceCalls} (${r.requests.priceApps}) / ${r.requests.appListPages} / ${r.requests.other} | ${r.engineCpuSeconds.toFixed(1)} | ${(r.engineMaxRssKiB / 1024).toFixed(0)} | ${r.postgresCpuSeconds === null ? "(in the engine)" : r.postgresCpuSeconds.toFixed(1)} | ${r.statementSeconds.toFixed(1)} (${r.statements.toLocaleString("en-US")}) |`,
    );
  }
  if (f.embeddedSkipped) lines.push("", `PGlite: ${f.embeddedSkipped}.`);
  const errors = [...new Set(f.runs.flatMap((r) => r.errors))];
  if (errors.length) lines.push("", `Errors reported by the runs: ${errors.slice(0, 5).join(" | ")}`);
  for (const db of [...new Set(f.runs.map((r) => r.database))]) {
    const last = f.runs.filter((r) => r.database === db).at(-1)!;
    lines.push("", `Statements of the last ${db} run by the engine's wait:`, "", "| statement | count | total s | mean ms |", "|---|---:|---:|---:|");
    for (const [text, g] of last.topStatements) lines.push(`| \`${text.replaceAll("|", "\\|")}\` | ${g.count.toLocaleString("en-US")} | ${(g.ms / 1000).toFixed(2)} | ${(g.ms / g.count).toFixed(2)} |`);
  }
  lines.push("", `Setup (not timed): ${Object.entries(f.setupSeconds).map(([k, v]) => `${k} ${v.toFixed(0)} s`).join(", ")}.`);
  return lines;
}
