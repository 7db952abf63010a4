// The bench's table on the terminal and its sections in docs/benchmarks.md (one section per benchmark, replaced on each run).
import { cpus, loadavg, totalmem } from "node:os";
import pg from "pg";
import type { IngestFigures } from "./ingest";
import type { LoadResult } from "./load";
import type { WaitFigures } from "./wait-sampler";
import { writeDocSections } from "./bench-support";
import { regressionLines, targetLines, type Regression, type Target } from "./ratio-history";

/** One load run's figures (LoadResult's counts and latencies) with where the CPU and the waits went. */
export interface RunFigures
  extends Pick<LoadResult, "requests" | "errors" | "rps" | "p50Ms" | "p90Ms" | "p99Ms" | "maxMs" | "meanBytes" | "errorSamples"> {
  endpoint: string;
  server: string;
  /** "closed" (CONNECTIONS keep-alive connections) or an open-loop rate such as "100 req/s" */
  load: string;
  cpuMsPerRequest: { server: number; postgres: number; loadGenerator: number };
  writeTransactionsPerRequest: number;
  postgres: WaitFigures;
}

export interface BenchReport {
  date: string;
  machine: Awaited<ReturnType<typeof machineInfo>>;
  parameters: Record<string, string | number>;
  launcher: { readySeconds: number; built: boolean };
  ingest: IngestFigures;
  sql: { detailMs: number; listRowsMs: number; listCountMs: number };
  bodies: Record<string, boolean>;
  runs: RunFigures[];
  ratios: Record<string, { vsBarePrisma: number; vsBarePg: number }>;
  targets: Target[];
  regressions: Regression[];
}

const DOC = "docs/benchmarks.md";
const HEADER = `# Benchmarks

Written by \`npm run bench\` (tests/bench/run.ts): each section below is replaced by the latest run of its
benchmark. Figures depend on the machine; compare runs on the same one.
`;

export async function machineInfo(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
  await client.end();
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model.trim() ?? "unknown",
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgres: rows[0].server_version,
    loadAverageAtEnd: loadavg().map((n) => Number(n.toFixed(2))),
  };
}

const fixed = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

function runTable(report: BenchReport): string[] {
  const lines = [
    "| endpoint | server | load | req/s | p50 ms | p90 ms | p99 ms | max ms | errors | bytes/resp | CPU ms/req: server | Postgres | load gen | write xacts/req |",
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of report.runs) {
    lines.push(
      `| ${r.endpoint} | ${r.server} | ${r.load} | ${fixed(r.rps, 0)} | ${fixed(r.p50Ms)} | ${fixed(r.p90Ms)} | ${fixed(r.p99Ms)} | ${fixed(r.maxMs)} | ${r.errors} | ${r.meanBytes} | ${fixed(r.cpuMsPerRequest.server, 2)} | ${fixed(r.cpuMsPerRequest.postgres, 2)} | ${fixed(r.cpuMsPerRequest.loadGenerator, 2)} | ${fixed(r.writeTransactionsPerRequest, 2)} |`,
    );
  }
  return lines;
}

function verdictLines(report: BenchReport): string[] {
  const m = report.machine;
  return [
    `Targets (issue 14), side by side in this run of ${report.date}, load average ${m.loadAverageAtEnd.join(" / ")}, ${m.cpus} CPUs ${m.cpuModel}:`,
    ...targetLines(report.targets),
    ...Object.entries(report.ratios).map(
      ([endpoint, r]) => `- ${endpoint}: API/bare throughput ${(r.vsBarePrisma * 100).toFixed(0)}% of bare-prisma, ${(r.vsBarePg * 100).toFixed(0)}% of bare-pg`,
    ),
    ...regressionLines(report.regressions, report.targets),
  ];
}

export function printReport(report: BenchReport): void {
  const out = [
    "",
    ...runTable(report),
    "",
    ...verdictLines(report),
    `- SQL alone (EXPLAIN ANALYZE, planning + execution): detail ${fixed(report.sql.detailMs, 2)} ms, list rows ${fixed(report.sql.listRowsMs, 2)} ms + count ${fixed(report.sql.listCountMs, 2)} ms`,
    `- ingestion: ${report.ingest.totalRows} rows in ${fixed(report.ingest.ingestSeconds)} s`,
    "",
  ];
  console.log(out.join("\n"));
}

function httpSection(report: BenchReport): string {
  const { machine: m, parameters: p } = report;
  const sameBodies = Object.values(report.bodies).every(Boolean);
  return [
    "## HTTP: API against a bare node:http baseline",
    "",
    `Run ${report.date} on ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, PostgreSQL ${m.postgres}` +
      ` (real server, fresh database); load average at the end ${m.loadAverageAtEnd.join(" / ")}.`,
    "",
    `Parameters: ${p.connections} keep-alive connections, closed loop, ${p.seconds} s per run after ${p.warmupSeconds} s of warm-up` +
      ` (open-loop rows: a fixed ${p.detailRate} or ${p.listRate} req/s, latency counted from when each request was due);` +
      ` detail cycles over ${p.detailAppIds} real app ids; list is \`GET /games?${p.listQuery}\`; database pool ${p.dbPool}` +
      ` per server process; API rate limits through ${p.rateLimitBackend}; API caller: ${p.apiCaller}.` +
      " Load generator, servers and PostgreSQL share the machine's cores.",
    "",
    "Servers: `api` is the built Next server started by the `npm start` launcher; `bare-prisma` is a node:http server" +
      " calling the same market functions (`getGameDetail`, `searchGames`: same statements, through Prisma or the plain pg pool as the API sends them);" +
      " `bare-pg` sends the identical SQL text and values (captured from those functions) through its own plain `pg` Pool." +
      ` Both bare servers return the API's envelope; their \`data\` and \`pagination\` were ${sameBodies ? "identical to the API's" : `compared with the API's: ${JSON.stringify(report.bodies)}`}.` +
      " Profile rows: `api-anonymous` (no token read, no credit reservation; preview locks) and `api-404` (Next routing and the error envelope, no database).",
    "",
    ...runTable(report),
    "",
    "CPU ms/req is CPU time of the server's processes, of this database's PostgreSQL backends, and of the load generator," +
      " divided by requests; write xacts/req counts transaction ids assigned during the run (cluster-wide).",
    "",
    "PostgreSQL during each run (pg_stat_activity sampled every 50 ms; busy = active or idle in a transaction):",
    "",
    ...report.runs.map((r) => `- ${r.endpoint} ${r.server}: ${r.postgres.meanBusyBackends} busy backends on average; ${Object.entries(r.postgres.waits).map(([w, s]) => `${w} ${(s * 100).toFixed(0)}%`).join(", ")}`),
    "",
    "Verdicts:",
    "",
    ...verdictLines(report),
    "",
    `SQL alone (EXPLAIN ANALYZE, planning + execution, mean): detail ${fixed(report.sql.detailMs, 2)} ms;` +
      ` list rows ${fixed(report.sql.listRowsMs, 2)} ms, list count ${fixed(report.sql.listCountMs, 2)} ms.`,
    "",
    `Launcher: ready in ${fixed(report.launcher.readySeconds)} s${report.launcher.built ? " (including next build)" : " (existing build; data already loaded by the ingestion step)"}.`,
    "",
  ].join("\n");
}

function ingestSection(report: BenchReport): string {
  const { ingest: i, machine: m } = report;
  return [
    "## Ingestion: the vendored real Steam data into a fresh database",
    "",
    `Run ${report.date} on ${m.cpus} CPUs, ${m.memoryGiB} GiB, Node ${m.node}, PostgreSQL ${m.postgres} (real server, fresh` +
      " database, migrated first): `runIngest` timed by tests/bench/ingest.ts.",
    "",
    `- ${i.totalRows.toLocaleString("en-US")} rows in ${fixed(i.ingestSeconds)} s (${Math.round(i.rowsPerSecond).toLocaleString("en-US")} rows/s); migrations ${fixed(i.migrateSeconds, 2)} s`,
    `- rows: ${Object.entries(i.rows).map(([t, n]) => `${t} ${n.toLocaleString("en-US")}`).join(", ")}`,
    `- stages (s): ${Object.entries(i.stageSeconds).map(([s, n]) => `${s === "reading sources" ? "reading and merging sources" : s} ${fixed(n)}`).join(", ")}`,
    `- coverage: ${Object.entries(i.coverage).map(([c, n]) => `${c} ${n.toLocaleString("en-US")}`).join(", ")}`,
    "",
  ].join("\n");
}

/** Replaces this benchmark's marked sections in docs/benchmarks.md (created if missing), keeping any other. */
export function writeBenchmarksDoc(report: BenchReport, path = DOC): void {
  writeDocSections(path, [["http", httpSection(report)], ["ingest", ingestSection(report)]], HEADER);
}
