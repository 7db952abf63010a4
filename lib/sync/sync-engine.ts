import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import { hostname } from "node:os";
import type pg from "pg";
import { sleepUnless } from "./abort-links";
import type { SyncContext } from "./sync-context";
import { ensureJobRows } from "./claim-job";
import { releaseAll } from "./claim-tasks";
import { DerivedChanges } from "./derived-refresh";
import { ensureHostRows } from "./host-budget";
import { planSync } from "./plan-sync";
import { LANES, runLane, type LaneControl } from "./run-lane";
import { sourceClients } from "./source-clients";
import { syncConfig, type SyncConfig } from "./sync-config";
import { syncDb } from "./sync-db";
import { SyncReport, type SyncReportJson } from "./sync-report";
import { readTagNames } from "./tag-names";
import { ensureTagCatalog } from "./walks/tag-list-walk";
import { RunFlusher } from "./run-flusher";

/**
 * The sync, one implementation for its three ways of running (docs/sync.md): a long-running worker (`npm run
 * sync`, or inside `npm start` with LUDEX_SYNC=1) that waits for work, a bounded pass (`--once`, the Vercel
 * cron's tick) that stops when nothing is due or its time is up. Either way: plan, then one lane per host,
 * derived rows recomputed every few seconds, leases handed back and the report stored at the end.
 */
export type SyncMode = "worker" | "server" | "once" | "cron";

export interface RunSyncOptions {
  pool: pg.Pool;
  mode: SyncMode;
  /** a bounded run's time: nothing new is claimed near the end, and requests still out at the end are cut */
  maxSeconds?: number;
  /** stops the run: in-flight work may finish for a few seconds, then is cut and handed back */
  signal?: AbortSignal;
  config?: SyncConfig;
  /** called every few seconds with the report so far */
  onProgress?: (report: SyncReportJson) => void;
}

const GRACE_MS = 10_000;

export async function runSync(options: RunSyncOptions): Promise<SyncReportJson> {
  const config = options.config ?? syncConfig();
  const db = syncDb(options.pool, config.clockShiftSeconds);
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const report = new SyncReport(options.mode);
  const timing = runTiming(options, config);
  let flusher: RunFlusher | undefined;
  try {
    await ensureHostRows(db);
    await ensureJobRows(db);
    const run = await db.pool.query<{ id: number }>("INSERT INTO sync_runs (mode) VALUES ($1) RETURNING id", [options.mode]);
    const plan = await planSync(db, owner);
    const ctx: SyncContext = {
      db, config, report, owner,
      signal: timing.hard.signal,
      day: plan.day,
      hot: plan.hot,
      derived: new DerivedChanges(),
      tagNames: await readTagNames(db.pool),
      draining: timing.draining,
      wake: timing.wake,
    };
    flusher = new RunFlusher(ctx, run.rows[0].id, options.onProgress);
    const clients = sourceClients(config, timing.hard.signal);
    await ensureTagCatalog(ctx, clients);
    await Promise.all(LANES.map((lane) => runLane(ctx, clients, lane, timing.control)));
    report.stoppedBecause = timing.reason() ?? "nothing left due";
  } catch (error) {
    report.stoppedBecause = `failed: ${(error as Error).message}`;
    throw error;
  } finally {
    timing.dispose();
    report.finishedAt = new Date();
    await flusher?.stop().catch(() => undefined);
    await releaseAll(db, owner).catch(() => undefined);
  }
  return report.toJSON();
}

/** When a run stops claiming (drain) and when it cuts what is still out (hard), from its mode, time and signal. */
function runTiming(options: RunSyncOptions, config: SyncConfig) {
  const started = Date.now();
  const hard = new AbortController();
  const drain = new AbortController();
  // every request in flight and every wait listens to these (a dozen or more at once): not a leak
  setMaxListeners(1_000, hard.signal, drain.signal);
  let reason: string | null = null;
  const stopAt = options.maxSeconds ? started + options.maxSeconds * 1000 : Infinity;
  // a request claimed now must be able to finish (its time limit, a little more) before the hard stop
  const drainAt = stopAt - Math.min(config.timeoutMs + 5_000, (stopAt - started) / 2);
  const timers: NodeJS.Timeout[] = [];
  const startDrain = (why: string) => {
    reason ??= why;
    if (!drain.signal.aborted) drain.abort();
  };
  if (Number.isFinite(stopAt)) {
    timers.push(setTimeout(() => startDrain("time is up"), Math.max(0, drainAt - started)));
    timers.push(setTimeout(() => hard.abort(new Error("time is up")), stopAt - started));
  }
  const onSignal = () => {
    startDrain("stopped");
    timers.push(setTimeout(() => hard.abort(new Error("stopped")), GRACE_MS));
  };
  options.signal?.addEventListener("abort", onSignal, { once: true });
  if (options.signal?.aborted) onSignal();
  // idle lanes sleep until this fires (a walk queued new work) or their poll interval passes
  let wakeUp = new AbortController();
  setMaxListeners(1_000, wakeUp.signal);
  const wake = () => {
    wakeUp.abort();
    wakeUp = new AbortController();
    setMaxListeners(1_000, wakeUp.signal);
  };
  const control: LaneControl = {
    waitsForWork: options.mode === "worker" || options.mode === "server",
    busy: new Set(LANES.map((lane) => lane.host)),
    remainingMs: () => drainAt - Date.now(),
    draining: () => drain.signal.aborted,
    pause: (ms) => sleepUnless(ms, [drain.signal, wakeUp.signal]),
  };
  return {
    hard,
    control,
    draining: control.draining,
    reason: () => reason,
    wake,
    dispose: () => {
      for (const timer of timers) clearTimeout(timer);
      options.signal?.removeEventListener("abort", onSignal);
    },
  };
}
