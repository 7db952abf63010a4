// npm run bench:aggregates [-- --database-url URL] [--runs 30]: aggregates, cohort and compare over the
// whole catalog, the API against the same SQL run directly, on real PostgreSQL.
//
// 1. the database: --database-url (e.g. the synthetic catalog of tests/bench/synthetic-catalog.ts), else a
//    fresh ludex_bench_* with the real data migrated and ingested (dropped at the end)
// 2. the SQL of each case captured in-process from the same market functions the API calls
// 3. the real server through the `npm start` launcher, a Pro key; each case requested one at a time
// 4. the captured statements sent through a plain pg Pool with the same concurrency (direct SQL);
//    p50/p90 of both, their ratio, verdicts, and docs/benchmarks.md's bench:aggregates section
import { parseArgs } from "node:util";
import pg from "pg";
import { workspaceWithKey } from "../support/admin";
import { createBenchDatabase, serverUrlFromEnv } from "./bench-database";
import { measureIngest } from "./ingest";
import { machineInfo } from "./report";
import { captureStatements, startLauncher, writeDocSections, type Statement } from "./bench-support";

const { values: args } = parseArgs({ options: { "database-url": { type: "string" }, runs: { type: "string", default: "30" } } });
const RUNS = Number(args.runs);
const WARMUP = 3;
const log = (line: string) => console.error(`[bench:aggregates] ${line}`);
const cleanups: (() => Promise<void>)[] = [];

interface Case {
  name: string;
  path: string;
  /** the market call the API makes for this path (parsed with the operation's own query schema) */
  run: () => Promise<unknown>;
}

async function main() {
  let databaseUrl = args["database-url"];
  let dataKind = "";
  if (!databaseUrl) {
    const database = await createBenchDatabase(serverUrlFromEnv());
    cleanups.push(() => database.drop());
    await measureIngest(database.url, log);
    databaseUrl = database.url;
    dataKind = "the real data, freshly ingested";
  }
  process.env.DATABASE_URL = databaseUrl;
  if (!dataKind) {
    const synthetic = await scalar(databaseUrl, "SELECT count(*)::int FROM games WHERE sources->'catalog'->>'source' = 'synthetic'");
    dataKind = synthetic > 0 ? "the synthetic catalog of tests/bench/synthetic-catalog.ts (scale test, not real data)" : "the real data, already ingested";
  }
  const games = await scalar(databaseUrl, "SELECT count(*)::int FROM games");
  log(`${games.toLocaleString("en-US")} games in ${new URL(databaseUrl).pathname.slice(1)}`);
  const cases = await benchCases(databaseUrl);
  const captured = new Map<string, Statement[]>();
  for (const c of cases) {
    await c.run(); // warm caches (tag catalog) so the capture holds only the case's statements
    captured.set(c.name, await captureStatements(c.run));
  }
  const launcher = await startLauncher({ databaseUrl, cleanups, log });
  const key = await workspaceWithKey(databaseUrl, { plan: "pro", allowance: 100_000_000 });
  // the API's session settings (lib/db/prisma-client.ts: JIT off), so both sides run the same plans
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, options: "-c jit=off" });
  cleanups.push(() => pool.end());
  const rows: Row[] = [];
  for (const c of cases) {
    const statements = captured.get(c.name)!;
    const api = await time(async () => {
      const res = await fetch(`${launcher.origin}/api/v1${c.path}`, { headers: { authorization: `Bearer ${key.secret}` } });
      if (res.status !== 200) throw new Error(`${c.path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
      await res.arrayBuffer();
    });
    const direct = await time(() => Promise.all(statements.map((s) => pool.query(s.text, s.values))));
    rows.push({ name: c.name, path: c.path, statements: statements.length, api, direct });
    log(`${c.name}: API p50 ${api.p50.toFixed(1)} ms, direct SQL p50 ${direct.p50.toFixed(1)} ms`);
  }
  const machine = await machineInfo(databaseUrl);
  const report = { at: new Date().toISOString(), games, dataKind, machine, rows, runs: RUNS };
  const section = games >= 500_000 ? "aggregates-synthetic" : "aggregates";
  const budget = games >= 500_000 ? 1500 : 150;
  const text = renderSection(report, budget);
  console.log(text);
  writeDocSections("docs/benchmarks.md", [[section, text]]);
}

async function benchCases(databaseUrl: string): Promise<Case[]> {
  const { parseQuery } = await import("../../lib/api/query-params");
  const { aggregateGamesOperation } = await import("../../lib/operations/aggregate-games");
  const { cohortBenchmarkOperation } = await import("../../lib/operations/cohort-benchmark");
  const { aggregateGames } = await import("../../lib/market/aggregates/aggregate-games");
  const { cohortBenchmark } = await import("../../lib/market/benchmarks/cohort-benchmark");
  const { compareTitles } = await import("../../lib/market/benchmarks/compare-titles");
  const top = await pgRows(databaseUrl, "SELECT app_id FROM games ORDER BY reviews_total DESC NULLS LAST, app_id LIMIT 10");
  const ids = top.map((r) => r.app_id as number);
  const aggregate = (query: string): Case => ({
    name: `aggregate ${query}`,
    path: `/games/aggregate?${query}`,
    run: () => aggregateGames(parseQuery(aggregateGamesOperation.query, new URLSearchParams(query))),
  });
  const cohort = (query: string): Case => ({
    name: `cohort ${query || "(whole catalog)"}`,
    path: `/benchmarks/cohort${query ? `?${query}` : ""}`,
    run: () => cohortBenchmark(parseQuery(cohortBenchmarkOperation.query, new URLSearchParams(query))),
  });
  return [
    cohort(""),
    cohort("tags=indie"),
    aggregate("groupBy=year"),
    aggregate("groupBy=primaryTag&limit=1000"),
    aggregate("groupBy=tag&limit=1000"),
    aggregate("groupBy=year,price&buckets=price:0,5,10,20&limit=1000"),
    { name: "compare 10 most reviewed", path: `/benchmarks/compare?appIds=${ids.join(",")}`, run: () => compareTitles(ids, 10) },
  ];
}

interface Timing {
  p50: number;
  p90: number;
}
interface Row {
  name: string;
  path: string;
  statements: number;
  api: Timing;
  direct: Timing;
}

async function time(run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))];
  return { p50: at(0.5), p90: at(0.9) };
}

function renderSection(report: { at: string; games: number; dataKind: string; machine: Awaited<ReturnType<typeof machineInfo>>; rows: Row[]; runs: number }, budgetMs: number) {
  const m = report.machine;
  const lines = [
    `## Analytics: aggregates, cohort and compare over ${report.games.toLocaleString("en-US")} games`,
    "",
    `Run ${report.at} on ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, PostgreSQL ${m.postgres}; ${report.dataKind}; load average at the end ${m.loadAverageAtEnd.join(" / ")}.`,
    "",
    `Each case: ${WARMUP} warm-up then ${report.runs} requests one at a time. API = the built server through the \`npm start\` launcher with a Pro key (token, rate limit, credits, envelope). Direct SQL = the statements the same market functions send (captured in-process), sent through a plain pg Pool with the same concurrency.`,
    "",
    "| case | statements | API p50 ms | API p90 ms | direct SQL p50 ms | direct p90 ms | API/SQL p50 |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...report.rows.map((r) => `| \`${r.path}\` | ${r.statements} | ${r.api.p50.toFixed(1)} | ${r.api.p90.toFixed(1)} | ${r.direct.p50.toFixed(1)} | ${r.direct.p90.toFixed(1)} | ${(r.api.p50 / r.direct.p50).toFixed(2)} |`),
    "",
    "Verdicts:",
    "",
  ];
  for (const r of report.rows) {
    const ratio = r.api.p50 / r.direct.p50;
    lines.push(`- ${ratio <= 1.5 ? "PASS" : "MISS"}: ${r.name}: API p50 <= 1.5x direct SQL: ${ratio.toFixed(2)}x`);
  }
  const whole = report.rows[0];
  lines.push(`- ${whole.api.p50 < budgetMs ? "PASS" : "MISS"}: whole-catalog cohort API p50 < ${budgetMs} ms: ${whole.api.p50.toFixed(1)} ms`, "");
  return lines.join("\n");
}

async function pgRows(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

async function scalar(url: string, sql: string): Promise<number> {
  return Object.values((await pgRows(url, sql))[0])[0] as number;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void (async () => {
      for (const step of cleanups.reverse()) await step().catch(() => undefined);
      process.exit(130);
    })();
  });
}

try {
  await main();
} finally {
  for (const step of cleanups.reverse()) await step().catch((error: unknown) => log(`cleanup: ${String(error)}`));
  process.exit(process.exitCode ?? 0);
}
