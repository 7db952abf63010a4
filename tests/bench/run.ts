// npm run bench: the API against a bare node:http baseline running the same SQL, on a fresh real PostgreSQL database.
//
// 1. a fresh ludex_bench_<rand> database; ingestion timed on it (tests/bench/ingest.ts)
// 2. the real server through the `npm start` launcher, as the test global setup starts it
// 3. the bare baseline (tests/bench/bare-server.ts) in a child process
// 4. closed-loop keep-alive load per endpoint and server; table, verdicts, docs/benchmarks.md, JSON on stdout
// The database is dropped and every child stopped at the end, on failure and on Ctrl-C.
import { spawn } from "node:child_process";
import { createConnection } from "node:net";
import { join } from "node:path";
import pg from "pg";
import { workspaceWithKey } from "../support/admin";
import { createBenchDatabase, serverUrlFromEnv } from "./bench-database";
import { measureIngest } from "./ingest";
import { runLoad, runOpenLoop, type LoadResult } from "./load";
import { appendRatioRow, regressions, targets } from "./ratio-history";
import { cpuDelta, cpuSnapshot } from "./process-cpu";
import { sampleWaits, type WaitFigures } from "./wait-sampler";
import { machineInfo, printReport, writeBenchmarksDoc, type BenchReport, type RunFigures } from "./report";
import { startLauncher, stopGroup } from "./bench-support";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const APP_IDS = Number(process.env.BENCH_APPIDS ?? 300);
const LIST_QUERY = process.env.BENCH_LIST_QUERY ?? "tags=indie&reviewsMin=100&sort=-reviews&limit=25";
/** open-loop rates (req/s) of the latency targets: metered detail and the list */
const DETAIL_RATE = Number(process.env.BENCH_DETAIL_RATE ?? 100);
const LIST_RATE = Number(process.env.BENCH_LIST_RATE ?? 20);
/** e.g. "detail:api,list:api": only these runs (the ingestion, bodies check and SQL timing still run) */
const ONLY = process.env.BENCH_ONLY?.split(",").filter(Boolean);
/** with BENCH_ONLY: run the selected items this many times, alternating, to pair rows on a noisy machine */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** a folder: the server's Node processes write V8 CPU profiles there (summarise with tests/bench/profile-summary.ts) */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const READY_TIMEOUT_MS = 15 * 60_000;
const log = (line: string) => console.error(`[bench] ${line}`);

const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) await step().catch((error: unknown) => log(`cleanup: ${String(error)}`));
  })();
  return cleaning;
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void cleanup().then(() => process.exit(130));
  });
}

async function main() {
  const serverUrl = serverUrlFromEnv();
  const database = await createBenchDatabase(serverUrl);
  cleanups.push(async () => {
    await database.drop();
    log(`dropped ${database.name}`);
  });
  log(`database ${database.name} on ${new URL(serverUrl).host}`);

  const ingest = await measureIngest(database.url, log);

  const redisUrl = await redisUrlIfReachable();
  const profileEnv: Record<string, string> = PROFILE_DIR
    ? { BENCH_PROFILE_DIR: PROFILE_DIR, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --require ${join(process.cwd(), "tests/bench/cpu-profile-preload.cjs")}`.trim() }
    : {};
  const launcher = await startLauncher({ databaseUrl: database.url, redisUrl, extraEnv: profileEnv, cleanups, log, readyTimeoutMs: READY_TIMEOUT_MS });
  const key = await workspaceWithKey(database.url, { plan: "pro", allowance: 100_000_000 });
  const bare = await startBare(database.url);
  const appIds = await sampleAppIds(database.url);
  const sql = await explainStatements(database.url, bare.origin, appIds);
  const shape = await compareBodies(launcher.origin, bare.origin, key.secret, appIds[0]);

  const auth = { authorization: `Bearer ${key.secret}` };
  const cpuGroups = { groups: { api: launcher.pgid, bare: bare.pgid }, database: database.name };
  const detailPaths = (prefix: string) => appIds.map((id) => `${prefix}/games/${id}`);
  const plan: { endpoint: string; server: string; paths: string[]; origin: string; headers?: Record<string, string>; expectStatus?: number; rate?: number }[] = [
    { endpoint: "detail", server: "api", origin: launcher.origin, paths: detailPaths("/api/v1"), headers: auth },
    { endpoint: "detail", server: "bare-prisma", origin: bare.origin, paths: detailPaths("/prisma") },
    { endpoint: "detail", server: "bare-pg", origin: bare.origin, paths: detailPaths("/pg") },
    { endpoint: "list", server: "api", origin: launcher.origin, paths: [`/api/v1/games?${LIST_QUERY}`], headers: auth },
    { endpoint: "list", server: "bare-prisma", origin: bare.origin, paths: [`/prisma/games?${LIST_QUERY}`] },
    { endpoint: "list", server: "bare-pg", origin: bare.origin, paths: [`/pg/games?${LIST_QUERY}`] },
    // Profile: the API without a token (no token read, no credit reservation; preview locks), and Next's floor.
    { endpoint: "detail", server: "api-anonymous", origin: launcher.origin, paths: detailPaths("/api/v1") },
    { endpoint: "floor", server: "api-404", origin: launcher.origin, paths: ["/api/v1/no-such-path"], expectStatus: 404 },
    // Latency at a fixed rate (open loop), well below capacity: what a caller sees when the server is not saturated.
    { endpoint: "detail", server: "api", origin: launcher.origin, paths: detailPaths("/api/v1"), headers: auth, rate: DETAIL_RATE },
    { endpoint: "list", server: "api", origin: launcher.origin, paths: [`/api/v1/games?${LIST_QUERY}`], headers: auth, rate: LIST_RATE },
    // The same rate without a token and on Next's floor: how much of the detail's tail the machine itself adds.
    { endpoint: "detail", server: "api-anonymous", origin: launcher.origin, paths: detailPaths("/api/v1"), rate: DETAIL_RATE },
    { endpoint: "floor", server: "api-404", origin: launcher.origin, paths: ["/api/v1/no-such-path"], expectStatus: 404, rate: DETAIL_RATE },
  ];

  const selected = plan.filter((p) => !ONLY || ONLY.includes(`${p.endpoint}:${p.server}${p.rate ? `@${p.rate}` : ""}`));
  // Every closed-loop item warmed once before any is measured: the first run after the server starts pays
  // for compiling its code paths (the metered detail, measured first, read 128 req/s cold and 220 warm).
  for (const item of selected.filter((p) => !p.rate)) {
    await runLoad({ origin: item.origin, paths: item.paths, connections: CONNECTIONS, headers: item.headers, expectStatus: item.expectStatus, seconds: WARMUP_SECONDS });
  }
  const runs: RunFigures[] = [];
  for (const item of Array.from({ length: ONLY ? ROUNDS : 1 }, () => selected).flat()) {
    const load = { origin: item.origin, paths: item.paths, connections: CONNECTIONS, headers: item.headers, expectStatus: item.expectStatus };
    const measure = (seconds: number) => (item.rate ? runOpenLoop({ ...load, rate: item.rate, seconds }) : runLoad({ ...load, seconds }));
    await measure(WARMUP_SECONDS);
    const xidBefore = await nextXid(database.url);
    const sampler = await sampleWaits(database.url);
    const cpuBefore = cpuSnapshot(cpuGroups);
    const result = await measure(SECONDS);
    const cpu = cpuDelta(cpuBefore, cpuSnapshot(cpuGroups), Object.keys(cpuGroups.groups));
    const waits = await sampler.stop();
    const writes = (await nextXid(database.url)) - xidBefore;
    runs.push(figures(item.endpoint, item.server, item.rate ? `${item.rate} req/s` : "closed", result, cpu, writes, waits));
    const last = runs.at(-1)!;
    log(`${item.endpoint} ${item.server} ${last.load}: ${last.rps.toFixed(0)} req/s, p50 ${last.p50Ms.toFixed(1)} ms, p99 ${last.p99Ms.toFixed(1)} ms, ${last.errors} errors`);
    for (const sample of result.errorSamples) log(`  error: ${sample}`);
    log(`  postgres: ${waits.meanBusyBackends} busy backends on average; ${JSON.stringify(waits.waits)}`);
  }

  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: await machineInfo(database.url),
    parameters: {
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      connections: CONNECTIONS,
      detailRate: DETAIL_RATE,
      listRate: LIST_RATE,
      detailAppIds: appIds.length,
      listQuery: LIST_QUERY,
      dbPool: Number(process.env.LUDEX_DB_POOL ?? 10),
      rateLimitBackend: redisUrl ? "redis" : "memory",
      apiCaller: "Pro API key (token read cached per process under the access epoch, rate limit, credit reservation batched per workspace)",
    },
    launcher: { readySeconds: launcher.readySeconds, built: launcher.built },
    ingest,
    sql,
    bodies: shape,
    runs,
    ...verdicts(runs),
  };
  printReport(report);
  if (ONLY || PROFILE_DIR) log("partial or profiled run: docs/benchmarks.md left as it is");
  else {
    writeBenchmarksDoc(report);
    const m = report.machine;
    appendRatioRow({ date: report.date, load: m.loadAverageAtEnd, machine: `${m.cpus} CPUs ${m.cpuModel}, Node ${m.node}, PostgreSQL ${m.postgres.split(" ")[0]}`, targets: report.targets, regressions: report.regressions });
    log("docs/benchmarks.md updated");
  }
  console.log(JSON.stringify(report));
}

function figures(endpoint: string, server: string, load: string, r: LoadResult, cpu: Record<string, number>, writes: number, postgres: WaitFigures): RunFigures {
  const perRequest = (seconds: number) => (r.requests + r.errors > 0 ? (seconds * 1000) / (r.requests + r.errors) : NaN);
  const serverCpu = server.startsWith("api") ? cpu.api : cpu.bare;
  return {
    endpoint,
    server,
    load,
    requests: r.requests,
    errors: r.errors,
    rps: r.rps,
    p50Ms: r.p50Ms,
    p90Ms: r.p90Ms,
    p99Ms: r.p99Ms,
    maxMs: r.maxMs,
    meanBytes: Math.round(r.meanBytes),
    cpuMsPerRequest: { server: perRequest(serverCpu), postgres: perRequest(cpu.postgres), loadGenerator: perRequest(cpu.bench) },
    writeTransactionsPerRequest: writes / Math.max(1, r.requests + r.errors),
    postgres,
    errorSamples: r.errorSamples,
  };
}

function verdicts(runs: RunFigures[]) {
  const find = (endpoint: string, server: string) => runs.find((r) => r.endpoint === endpoint && r.server === server && r.load === "closed") ?? { rps: NaN };
  const ratios = Object.fromEntries(
    ["detail", "list"].map((endpoint) => [
      endpoint,
      { vsBarePrisma: find(endpoint, "api").rps / find(endpoint, "bare-prisma").rps, vsBarePg: find(endpoint, "api").rps / find(endpoint, "bare-pg").rps },
    ]),
  );
  const measured = targets(runs, DETAIL_RATE, LIST_RATE);
  return { ratios, targets: measured, regressions: ONLY ? [] : regressions(measured) };
}

/** The next transaction id (cluster-wide; assigned only to writing transactions, never by this read). */
async function nextXid(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>("SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS n");
    return Number(rows[0].n);
  } finally {
    await client.end();
  }
}

/** A few hundred real app ids in a fixed pseudo-random order: popular and sparse games alike. */
async function sampleAppIds(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ app_id: number }>("SELECT app_id FROM games ORDER BY md5(app_id::text) LIMIT $1", [APP_IDS]);
    return rows.map((row) => row.app_id);
  } finally {
    await client.end();
  }
}

/** Server-side execution of the API's own statements (captured by the bare server), EXPLAIN ANALYZE means. */
async function explainStatements(databaseUrl: string, bareOrigin: string, appIds: number[]) {
  const { data } = (await (await fetch(`${bareOrigin}/sql`)).json()) as { data: Record<string, { text: string; values: unknown[] }> };
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const time = async (text: string, values: unknown[]) => {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
    const plan = rows[0]["QUERY PLAN"][0];
    return plan["Planning Time"] + plan["Execution Time"];
  };
  const mean = async (count: number, make: (i: number) => Promise<number>) => {
    let total = 0;
    for (let i = 0; i < count; i++) total += await make(i);
    return total / count;
  };
  try {
    return {
      detailMs: await mean(Math.min(100, appIds.length), (i) => time(data.detail.text, [appIds[i]])),
      listRowsMs: await mean(20, () => time(data.listRows.text, data.listRows.values)),
      listCountMs: await mean(20, () => time(data.listCount.text, data.listCount.values)),
    };
  } finally {
    await client.end();
  }
}

/** The baseline must answer what the API answers: compares `data` (and `pagination`) of both. */
async function compareBodies(apiOrigin: string, bareOrigin: string, secret: string, appId: number) {
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await fetch(url, { headers });
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as { data: unknown; pagination?: unknown };
    return JSON.stringify({ data: body.data, pagination: body.pagination });
  };
  const auth = { authorization: `Bearer ${secret}` };
  const apiDetail = await get(`${apiOrigin}/api/v1/games/${appId}`, auth);
  const apiList = await get(`${apiOrigin}/api/v1/games?${LIST_QUERY}`, auth);
  const result = {
    detailPrisma: apiDetail === (await get(`${bareOrigin}/prisma/games/${appId}`)),
    detailPg: apiDetail === (await get(`${bareOrigin}/pg/games/${appId}`)),
    listPrisma: apiList === (await get(`${bareOrigin}/prisma/games?${LIST_QUERY}`)),
    listPg: apiList === (await get(`${bareOrigin}/pg/games?${LIST_QUERY}`)),
  };
  for (const [name, same] of Object.entries(result)) if (!same) log(`warning: ${name} body differs from the API's`);
  return result;
}

async function startBare(databaseUrl: string) {
  const child = spawn("npx", ["tsx", "tests/bench/bare-server.ts"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, BENCH_LIST_QUERY: LIST_QUERY },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  cleanups.push(async () => {
    await stopGroup(child);
    log("stopped the bare server");
  });
  const output: string[] = [];
  child.stderr!.on("data", (chunk) => output.push(String(chunk)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`bare server not ready in 120 s\n${output.join("")}`)), 120_000);
    child.stdout!.on("data", (chunk) => {
      output.push(String(chunk));
      const match = /bare-server listening (\d+)/.exec(output.join(""));
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`bare server exited with ${code}\n${output.join("")}`));
    });
  });
  log(`bare server ready on port ${port}`);
  return { origin: `http://127.0.0.1:${port}`, pgid: child.pid! };
}

/** REDIS_URL, else the local Redis when one answers on 6379 (the API then rate-limits through it), else none. */
async function redisUrlIfReachable(): Promise<string | undefined> {
  if (process.env.REDIS_URL) return process.env.REDIS_URL;
  const open = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port: 6379 });
    socket.setTimeout(1000, () => (socket.destroy(), resolve(false)));
    socket.once("connect", () => (socket.end(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
  return open ? "redis://127.0.0.1:6379" : undefined;
}


try {
  await main();
} catch (error) {
  log(`failed: ${(error as Error).stack ?? String(error)}`);
  process.exitCode = 1;
} finally {
  await cleanup();
  process.exit(process.exitCode ?? 0);
}
