// npm run bench:sync, parts "budget" and "cost": one `--once` pass of the sync CLI against the replay at the
// real budgets (the replay enforcing the same limits), on a copy of the real catalog where every task is due
// (far more than a budget can serve). From the replay's log: the store host's requests in every 300 s window;
// from the process and the database: what the sync itself costs per app fetched.
import { DEFAULT_BUDGETS, slotSeconds } from "../../lib/sync/sync-config";
import type { SyncReportJson } from "../../lib/sync/sync-report";
import { startSteamReplay, type LoggedRequest, type SteamReplay } from "../support/steam-replay";
import { maxInWindow } from "../support/steam-replay/rate-gate";
import { copyDatabase, type BenchDatabase } from "./sync-catalog";
import { runSyncCli, valueAt, type CliRun, type DbStats, type EngineSample } from "./sync-process";

const STORE_WINDOW_MS = DEFAULT_BUDGETS.store.windowSeconds * 1000;
/** the cost's steady state starts this long after the first store request (the plan and the first claims are behind) */
const STEADY_AFTER_MS = 60_000;
const SPY_ALL_PAGE_APPS = 1_000;

export interface WindowFigures {
  budget: number;
  requests: number;
  limited: number;
  firstAt: number;
  lastAt: number;
  slidingMax: number;
  /** windows of 300 s starting at each request and ending before the last one: the fewest and the most */
  steadyMin: number;
  steadyMax: number;
  steadyWindows: number;
  /** consecutive windows from the first request: full ones, then the partial last one */
  fixed: { fromSeconds: number; toSeconds: number; requests: number; full: boolean }[];
  /** the same from a minute after the first request (warm-up left out) */
  fixedAfterWarmup: { fromSeconds: number; toSeconds: number; requests: number; full: boolean }[];
  /** seconds between consecutive requests */
  gapMin: number;
  gapMean: number;
}

export interface CostFigures {
  label: string;
  seconds: number;
  apps: Record<string, number>;
  appsTotal: number;
  engineCpuSeconds: number;
  postgresCpuSeconds: number;
  statementMs: number;
  statements: number;
  db: Omit<DbStats, "at"> | null;
}

export interface BudgetFigures {
  engineBudgets?: typeof DEFAULT_BUDGETS;
  runSeconds: number;
  wallSeconds: number;
  report: SyncReportJson | null;
  store: WindowFigures;
  api: { requests: number; limited: number; perSecond: number; budgetPerSecond: number };
  steamspy: {
    requests: number;
    limited: number;
    maxInOneSecond: number;
    /** gaps between consecutive appdetails requests (the 1/s bucket): the smallest, how many under 1 s, seconds with none sent in gaps over 5 s */
    gapMin: number;
    gapsUnderOneSecond: number;
    /** the 1st, 5th and 50th percentile of the gaps that are not rests (under 5 s) */
    gapQuantiles: number[];
    idleSeconds: number;
    /** each request=all page's distance to the nearest appdetails request */
    allNearestSeconds: number[];
    throttles: number;
    /** each refused request: seconds after the engine started, the gap before it, the engine's largest event-loop delay in the 5 s around it */
    refused: { atSeconds: number; gapSeconds: number; loopDelayMaxMs: number }[];
  };
  /** the engine's event loop over the run: the largest delay, and how many 5 s samples had one over 100 and 250 ms */
  loopDelay: { maxMs: number; samples: number; over100: number; over250: number };
  /** seconds after the engine started of each GetAppList page and request=all page */
  walkPages: { appList: number[]; steamspyAll: number[] };
  steamspyAll: { requests: number; limited: number; gapsSeconds: number[] } ;
  hostsLimited: number;
  whole: CostFigures;
  steady: CostFigures | null;
  engineMaxRssKiB: number;
  treeMaxRssKiB: number | null;
  treeCpuSeconds: number | null;
  statementGroups: [string, { count: number; ms: number }][];
}

export async function measureBudget(options: { serverUrl: string; template: string; seconds: number; log: (line: string) => void; cleanups: (() => Promise<void>)[] }): Promise<BudgetFigures> {
  const { log } = options;
  const db = await copyDatabase(options.serverUrl, options.template);
  options.cleanups.push(() => db.drop());
  const replay = await startSteamReplay({});
  options.cleanups.push(() => replay.close());
  // BENCH_SYNC_BUDGETS: the engine's budgets over the real ones (the replay keeps the real limits), to try a setting
  const budgets = { ...DEFAULT_BUDGETS, ...(JSON.parse(process.env.BENCH_SYNC_BUDGETS || "{}") as Partial<typeof DEFAULT_BUDGETS>) };
  log(`budget: ${db.name}, every task due (none exist yet: the run's plan creates them), replay at the real limits, engine budgets ${JSON.stringify(budgets)}, ${options.seconds} s`);
  const run = await runSyncCli({
    env: cliEnv(db, replay, JSON.stringify(budgets)),
    args: ["--once", "--json", "--max-seconds", String(options.seconds)],
    database: { name: db.name, serverUrl: options.serverUrl },
    log,
    progress: () => progressLine(replay),
    progressSeconds: 60,
  });
  await replay.close();
  await db.drop();
  if (!run.report) throw new Error("budget: the sync CLI gave no report");
  return { ...budgetFigures(run, replay), engineBudgets: budgets };
}

/** The CLI's environment: this database, the replay's addresses and key, these budgets, every other sync setting at its default. */
export function cliEnv(db: BenchDatabase, replay: SteamReplay, budgets: string): Record<string, string | undefined> {
  return {
    DATABASE_URL: db.url,
    DATABASE_URL_UNPOOLED: undefined,
    POSTGRES_URL_NON_POOLING: undefined,
    ...replay.env(),
    LUDEX_SYNC_BUDGETS: budgets,
    LUDEX_SYNC_CONCURRENCY: undefined,
    LUDEX_SYNC_TIMEOUT_MS: undefined,
    LUDEX_SYNC_RETRY_MS: undefined,
    LUDEX_SYNC_CLOCK_SHIFT_SECONDS: undefined,
  };
}

function progressLine(replay: SteamReplay): string {
  const store = replay.requests("store");
  const since = Date.now() - STORE_WINDOW_MS;
  return `budget: store ${store.length} requests (${store.filter((r) => r.at > since).length} in the last 300 s, ${store.filter((r) => r.limited).length} limited), api ${replay.count({ host: "api" })}, steamspy ${replay.count({ host: "steamspy" })} (request=all ${replay.count({ host: "steamspy", request: "all" })})`;
}

function budgetFigures(run: CliRun, replay: SteamReplay): BudgetFigures {
  const store = replay.requests("store");
  const api = replay.requests("api");
  const spy = replay.requests("steamspy");
  const spyAll = spy.filter((r) => r.query.request === "all");
  const storeFigures = windowFigures(store, STORE_WINDOW_MS, DEFAULT_BUDGETS.store.requests);
  const apiSeconds = api.length > 1 ? (api.at(-1)!.at - api[0].at) / 1000 : 0;
  const final = run.engine.find((s) => s.final) ?? run.engine.at(-1);
  const groups = Object.entries(final?.groups ?? {}).sort(([, a], [, b]) => b.ms - a.ms);
  const report = run.report!;
  const apps = appsOfReport(report);
  const whole: CostFigures = {
    label: "whole run (process start to exit: migration check, plan of 415k tasks, walks, tasks)",
    seconds: run.wallSeconds,
    apps,
    appsTotal: sum(apps),
    engineCpuSeconds: final ? final.userSeconds + final.systemSeconds : NaN,
    postgresCpuSeconds: run.postgresCpu.at(-1)?.seconds ?? NaN,
    statementMs: final?.statementMs ?? NaN,
    statements: final?.statements ?? 0,
    db: run.dbStats.length > 1 ? diffStats(run.dbStats[0], run.dbStats.at(-1)!) : null,
  };
  return {
    runSeconds: report.seconds,
    wallSeconds: run.wallSeconds,
    report,
    store: storeFigures,
    api: {
      requests: api.length,
      limited: api.filter((r) => r.limited).length,
      perSecond: apiSeconds > 0 ? (api.length - 1) / apiSeconds : 0,
      budgetPerSecond: 1 / slotSeconds(DEFAULT_BUDGETS.api),
    },
    steamspy: spyFigures(spy, report, run),
    loopDelay: loopDelayOf(run.engine),
    walkPages: {
      appList: api.filter((r) => /getapplist/i.test(r.path)).map((r) => (r.at - run.startedAt) / 1000),
      steamspyAll: spyAll.map((r) => (r.at - run.startedAt) / 1000),
    },
    steamspyAll: { requests: spyAll.length, limited: spyAll.filter((r) => r.limited).length, gapsSeconds: gaps(spyAll.map((r) => r.at)) },
    hostsLimited: [...store, ...api, ...spy].filter((r) => r.limited || r.status === 429 || r.status === 403).length,
    whole,
    steady: steadyCost(run, [...store, ...api, ...spy], storeFigures),
    engineMaxRssKiB: final?.maxRssKiB ?? NaN,
    treeMaxRssKiB: run.tree?.maxRssKiB ?? null,
    treeCpuSeconds: run.tree ? run.tree.userSeconds + run.tree.systemSeconds : null,
    statementGroups: groups,
  };
}

function loopDelayOf(samples: EngineSample[]): BudgetFigures["loopDelay"] {
  const delays = samples.map((s) => s.loopDelayMaxMs ?? 0);
  return { maxMs: Math.max(0, ...delays), samples: delays.length, over100: delays.filter((d) => d > 100).length, over250: delays.filter((d) => d > 250).length };
}

function spyFigures(spy: LoggedRequest[], report: SyncReportJson, run: CliRun): BudgetFigures["steamspy"] {
  const appdetails = spy.filter((r) => r.query.request !== "all").sort((a, b) => a.at - b.at);
  const details = appdetails.map((r) => r.at);
  const refused = appdetails
    .map((r, i) => ({ r, gap: i > 0 ? (r.at - appdetails[i - 1].at) / 1000 : NaN }))
    .filter(({ r }) => r.limited)
    .map(({ r, gap }) => ({
      atSeconds: (r.at - run.startedAt) / 1000,
      gapSeconds: gap,
      loopDelayMaxMs: Math.max(0, ...run.engine.filter((s) => Math.abs(s.at - r.at) <= 5_000).map((s) => s.loopDelayMaxMs ?? 0)),
    }));
  const g = gaps(details);
  const nearest = spy
    .filter((r) => r.query.request === "all")
    .map((page) => Math.min(...details.map((t) => Math.abs(t - page.at))) / 1000);
  return {
    requests: spy.length,
    limited: spy.filter((r) => r.limited).length,
    maxInOneSecond: details.length ? maxInWindow(details, 1000) : 0,
    gapMin: g.length ? Math.min(...g) : NaN,
    gapsUnderOneSecond: g.filter((x) => x < 1).length,
    gapQuantiles: quantiles(g.filter((x) => x <= 5), [0.01, 0.05, 0.5]),
    idleSeconds: g.filter((x) => x > 5).reduce((a, b) => a + b, 0),
    allNearestSeconds: nearest,
    throttles: report.hosts.steamspy.throttles + report.hosts.steamspyAll.throttles,
    refused,
  };
}

/** Apps whose answer arrived, per kind of work (the app list's and tag list's entries are not apps fetched). */
export function appsOfReport(report: SyncReportJson): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [kind, tally] of Object.entries(report.work)) if (kind !== "applist" && kind !== "taglist") out[kind] = tally.fetched;
  return out;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

export function windowFigures(requests: LoggedRequest[], windowMs: number, budget: number): WindowFigures {
  const times = requests.map((r) => r.at).sort((a, b) => a - b);
  const first = times[0] ?? 0;
  const last = times.at(-1) ?? 0;
  const fixedFrom = (start: number) => {
    const out: WindowFigures["fixed"] = [];
    for (let from = start; from <= last; from += windowMs) {
      const to = from + windowMs;
      out.push({ fromSeconds: (from - first) / 1000, toSeconds: (to - first) / 1000, requests: times.filter((t) => t >= from && t < to).length, full: to <= last + 1 });
    }
    return out;
  };
  const fixed = fixedFrom(first);
  const fixedAfterWarmup = fixedFrom(first + STEADY_AFTER_MS);
  let steadyMin = Infinity;
  let steadyMax = 0;
  let steadyWindows = 0;
  for (let i = 0, j = 0; i < times.length && times[i] + windowMs <= last + 1; i++) {
    while (j < times.length && times[j] < times[i] + windowMs) j++;
    const n = j - i;
    steadyMin = Math.min(steadyMin, n);
    steadyMax = Math.max(steadyMax, n);
    steadyWindows++;
  }
  const g = gaps(times);
  return {
    budget,
    requests: times.length,
    limited: requests.filter((r) => r.limited).length,
    firstAt: first,
    lastAt: last,
    slidingMax: times.length ? maxInWindow(times, windowMs) : 0,
    steadyMin: steadyWindows ? steadyMin : NaN,
    steadyMax,
    steadyWindows,
    fixed,
    fixedAfterWarmup,
    gapMin: g.length ? Math.min(...g) : NaN,
    gapMean: g.length ? g.reduce((a, b) => a + b, 0) / g.length : NaN,
  };
}

function quantiles(values: number[], qs: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  return qs.map((q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN));
}

function gaps(times: number[]): number[] {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted.slice(1).map((t, i) => (t - sorted[i]) / 1000);
}

/** Apps a logged request fetched (answered, not refused): details, prices (each app), reviews, players, tags, a request=all page. */
export function appsOfRequests(requests: LoggedRequest[]): Record<string, number> {
  const out: Record<string, number> = { details: 0, prices: 0, reviews: 0, players: 0, tags: 0, steamspy: 0 };
  for (const r of requests) {
    if (r.limited || r.status !== 200 && !(r.host === "api" && r.status === 404)) continue;
    if (r.host === "store" && r.path.startsWith("/api/appdetails")) {
      if (r.query.filters === "price_overview") out.prices += r.appIds.length;
      else out.details++;
    } else if (r.host === "store" && r.path.startsWith("/appreviews")) out.reviews++;
    else if (r.host === "api" && /getnumberofcurrentplayers/i.test(r.path)) out.players++;
    else if (r.host === "steamspy" && r.query.request === "appdetails") out.tags++;
    else if (r.host === "steamspy" && r.query.request === "all") out.steamspy += SPY_ALL_PAGE_APPS;
  }
  return out;
}

/**
 * The cost in steady state: between two pg_stat_database samples, the first a minute after the first store
 * request, the last before the last one; engine and backend CPU read at the same moments, apps from the log.
 */
function steadyCost(run: CliRun, requests: LoggedRequest[], store: WindowFigures): CostFigures | null {
  const stats = [...run.dbStats].sort((a, b) => a.at - b.at);
  const from = stats.find((s) => s.at >= store.firstAt + STEADY_AFTER_MS);
  const to = [...stats].reverse().find((s) => s.at <= store.lastAt);
  if (!from || !to || to.at - from.at < 60_000) return null;
  const engineFrom = valueAt<EngineSample>(run.engine, from.at);
  const engineTo = valueAt<EngineSample>(run.engine, to.at);
  const pgFrom = valueAt(run.postgresCpu, from.at);
  const pgTo = valueAt(run.postgresCpu, to.at);
  const apps = appsOfRequests(requests.filter((r) => r.at >= from.at && r.at < to.at));
  const cpu = (s: EngineSample | undefined) => (s ? s.userSeconds + s.systemSeconds : NaN);
  return {
    label: `steady state (${((from.at - store.firstAt) / 1000).toFixed(0)} s to ${((to.at - store.firstAt) / 1000).toFixed(0)} s after the first store request)`,
    seconds: (to.at - from.at) / 1000,
    apps,
    appsTotal: sum(apps),
    engineCpuSeconds: cpu(engineTo) - cpu(engineFrom),
    postgresCpuSeconds: (pgTo?.seconds ?? NaN) - (pgFrom?.seconds ?? NaN),
    statementMs: (engineTo?.statementMs ?? NaN) - (engineFrom?.statementMs ?? NaN),
    statements: (engineTo?.statements ?? 0) - (engineFrom?.statements ?? 0),
    db: diffStats(from, to),
  };
}

function diffStats(a: DbStats, b: DbStats): Omit<DbStats, "at"> {
  const out = {} as Record<string, number>;
  for (const key of Object.keys(a) as (keyof DbStats)[]) if (key !== "at") out[key] = b[key] - a[key];
  return out as unknown as Omit<DbStats, "at">;
}

const windowList = (windows: WindowFigures["fixed"]) =>
  windows.map((w) => `${w.fromSeconds.toFixed(0)}-${w.toSeconds.toFixed(0)} s: ${w.requests}${w.full ? "" : " (partial: the run was ending)"}`).join("; ");
const n0 = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (seconds: number, apps: number) => (apps > 0 ? ((seconds * 1000) / apps).toFixed(2) : "-");

export function budgetLines(f: BudgetFigures, parts: { budget: boolean; cost: boolean }): string[] {
  const s = f.store;
  const lines: string[] = [];
  if (parts.budget) {
    lines.push(
      ...(JSON.stringify(f.engineBudgets) === JSON.stringify(DEFAULT_BUDGETS) ? [] : [`Engine budgets changed by BENCH_SYNC_BUDGETS: ${JSON.stringify(f.engineBudgets)} (the replay enforces the real limits).`]),
      `Store host, real budget ${s.budget} per 300 s (replay limit the same), run of ${f.runSeconds.toFixed(0)} s (process ${f.wallSeconds.toFixed(0)} s):`,
      `- ${n0(s.requests)} store requests from ${((s.firstAt - (f.report ? Date.parse(f.report.startedAt) : s.firstAt)) / 1000).toFixed(1)} s after the engine started to ${((s.lastAt - s.firstAt) / 1000).toFixed(0)} s after its first; refused (429) by the replay: ${s.limited}`,
      `- any 300 s window (sliding, max): **${s.slidingMax}** (budget ${s.budget})`,
      `- 300 s windows starting at each request, while work was due (${s.steadyWindows} windows): min **${s.steadyMin}**, max ${s.steadyMax}`,
      `- consecutive 300 s windows from the first request: ${windowList(s.fixed)}`,
      `- consecutive 300 s windows from 60 s after it (warm-up left out): ${windowList(s.fixedAfterWarmup)}`,
      `- gap between requests: min ${s.gapMin.toFixed(3)} s, mean ${s.gapMean.toFixed(3)} s (the engine's slot: ${slotSeconds(DEFAULT_BUDGETS.store).toFixed(4)} s)`,
      `- api: ${f.api.requests} requests, ${f.api.perSecond.toFixed(3)}/s (budget pace ${f.api.budgetPerSecond.toFixed(3)}/s), refused ${f.api.limited}; steamspy: ${f.steamspy.requests} requests, refused ("Too many connections") ${f.steamspy.limited}, throttles the engine saw ${f.steamspy.throttles}`,
      `- SteamSpy appdetails (1 per 1 s): gaps min ${f.steamspy.gapMin.toFixed(3)} s, 1st/5th/50th percentile ${f.steamspy.gapQuantiles.map((x) => x.toFixed(3)).join(" / ")} s, ${f.steamspy.gapsUnderOneSecond} gaps under 1 s, most in any 1 s ${f.steamspy.maxInOneSecond}; ${f.steamspy.idleSeconds.toFixed(0)} s in gaps over 5 s (resting after a refusal) of the ${((s.lastAt - s.firstAt) / 1000).toFixed(0)} s`,
      `- refused SteamSpy requests (s after start, gap before it, engine event-loop delay max within 5 s): ${f.steamspy.refused.map((r) => `${r.atSeconds.toFixed(0)} s, ${r.gapSeconds.toFixed(3)} s, ${r.loopDelayMaxMs.toFixed(0)} ms`).join("; ") || "none"}`,
      `- the engine's event loop: largest delay ${f.loopDelay.maxMs.toFixed(0)} ms; 5 s samples with a delay over 100 ms: ${f.loopDelay.over100} of ${f.loopDelay.samples}, over 250 ms: ${f.loopDelay.over250}; app list pages at ${f.walkPages.appList.map((x) => x.toFixed(0)).join(", ")} s, request=all pages at ${f.walkPages.steamspyAll.map((x) => x.toFixed(0)).join(", ")} s`,
      `- SteamSpy request=all: ${f.steamspyAll.requests} pages, spacing ${f.steamspyAll.gapsSeconds.length ? `min ${Math.min(...f.steamspyAll.gapsSeconds).toFixed(2)} s, max ${Math.max(...f.steamspyAll.gapsSeconds).toFixed(2)} s` : "-"} (budget 1 per 60 s), refused ${f.steamspyAll.limited}; nearest appdetails request to each page: ${f.steamspy.allNearestSeconds.map((x) => x.toFixed(2)).join(", ")} s`,
    );
    if (f.report) {
      lines.push(
        `- the run's report: ${Object.entries(f.report.work).map(([k, t]) => `${k} ${t.fetched} fetched (${t.updated} updated, ${t.unavailable} unavailable, ${t.failed} failed)`).join("; ")}; stopped because "${f.report.stoppedBecause}"; errors: ${f.report.errors.length ? f.report.errors.slice(0, 3).join(" | ") : "none"}`,
      );
    }
  }
  if (parts.cost) {
    lines.push(
      "",
      "| period | seconds | apps fetched | engine CPU ms/app | PostgreSQL backends CPU ms/app | statement time ms/app (engine's wait) | PG active time ms/app | commits/app | rows written/app | buffers/app |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
    for (const c of [f.whole, f.steady].filter((x): x is CostFigures => x !== null)) {
      const db = c.db;
      lines.push(
        `| ${c.label} | ${c.seconds.toFixed(0)} | ${n0(c.appsTotal)} (${Object.entries(c.apps).filter(([, v]) => v > 0).map(([k, v]) => `${k} ${n0(v)}`).join(", ")}) | ${ms(c.engineCpuSeconds, c.appsTotal)} | ${ms(c.postgresCpuSeconds, c.appsTotal)} | ${ms(c.statementMs / 1000, c.appsTotal)} | ` +
          `${db ? ms(db.activeMs / 1000, c.appsTotal) : "-"} | ${db ? (db.xactCommit / c.appsTotal).toFixed(1) : "-"} | ${db ? ((db.tupInserted + db.tupUpdated + db.tupDeleted) / c.appsTotal).toFixed(1) : "-"} | ${db ? ((db.blksHit + db.blksRead) / c.appsTotal).toFixed(0) : "-"} |`,
      );
    }
    lines.push(
      "",
      `Engine process: CPU ${f.whole.engineCpuSeconds.toFixed(1)} s over ${f.wallSeconds.toFixed(0)} s (${((100 * f.whole.engineCpuSeconds) / f.wallSeconds).toFixed(1)}% of a core), peak RSS ${(f.engineMaxRssKiB / 1024).toFixed(0)} MiB; ` +
        `the whole tree (npx, tsx, engine): CPU ${f.treeCpuSeconds?.toFixed(1) ?? "-"} s, largest peak RSS ${f.treeMaxRssKiB ? (f.treeMaxRssKiB / 1024).toFixed(0) : "-"} MiB; ` +
        `PostgreSQL backends: CPU ${f.whole.postgresCpuSeconds.toFixed(1)} s.`,
      "",
      "Statements by time (whole run, the engine's wait from call to answer):",
      "",
      "| statement | count | total s | mean ms |",
      "|---|---:|---:|---:|",
      ...f.statementGroups.slice(0, 14).map(([text, g]) => `| \`${text.replaceAll("|", "\\|")}\` | ${n0(g.count)} | ${(g.ms / 1000).toFixed(1)} | ${(g.ms / g.count).toFixed(2)} |`),
    );
  }
  return lines;
}
