// npm run bench:sync: the sync engine (lib/sync) on the real catalog and the Steam replay (tests/support/steam-replay).
//
// BENCH_SYNC_ONLY=calls,budget,cost,changed (default: all four) picks the parts:
//   calls    requests a day per host for 80,000 apps, from the real catalog's tiers, against each host's budget
//   budget   a pass at the real budgets with far more due than they allow: the store host's 300 s windows
//   cost     the same pass (or a shorter one alone): CPU, RSS, statement and PostgreSQL time per app fetched
//   changed  a pass over 1,000 changed apps with every limit lifted, timed, three runs, PostgreSQL then PGlite
// BENCH_SYNC_BUDGET_SECONDS (780: two full 300 s windows after the start), BENCH_SYNC_COST_SECONDS (300, cost
// alone), BENCH_SYNC_CHANGED_RUNS (3), BENCH_SYNC_EMBEDDED=0 (skip PGlite), BENCH_SYNC_CATALOG_DB (an ingested
// database to copy instead of ingesting one), BENCH_SYNC_JSON (write every figure there), DATABASE_URL (the server).
// Prints markdown; docs/benchmarks.md "## Sync" holds the figures of a run, written by hand from it.
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { serverUrlFromEnv } from "./bench-database";
import { machineInfo } from "./report";
import { budgetLines, measureBudget, type BudgetFigures } from "./sync-budget";
import { callsLines, measureCalls, type CallsFigures } from "./sync-calls";
import { catalogTemplate } from "./sync-catalog";
import { changedLines, measureChanged, type ChangedFigures } from "./sync-changed";
import { stopRunningClis } from "./sync-process";

const PARTS = ["calls", "budget", "cost", "changed"] as const;
type Part = (typeof PARTS)[number];
const only = (process.env.BENCH_SYNC_ONLY ?? PARTS.join(",")).split(",").map((s) => s.trim()).filter(Boolean);
for (const part of only) if (!PARTS.includes(part as Part)) throw new Error(`BENCH_SYNC_ONLY: unknown part "${part}" (parts: ${PARTS.join(", ")})`);
const wants = (part: Part) => only.includes(part);

const log = (line: string) => console.error(`[bench:sync ${new Date().toISOString().slice(11, 19)}] ${line}`);
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    stopRunningClis();
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

const loadLine = () => loadavg().map((n) => n.toFixed(2)).join(" / ");

async function main() {
  const serverUrl = serverUrlFromEnv();
  const started = new Date();
  const loadAtStart = loadLine();
  const figures: { calls?: CallsFigures; budget?: BudgetFigures; changed?: ChangedFigures; machine?: unknown } = {};
  const out = (lines: string[]) => console.log(`${lines.join("\n")}\n`);

  const template = await catalogTemplate(serverUrl, log);
  cleanups.push(() => template.drop());

  if (wants("calls")) {
    figures.calls = await measureCalls(template.url);
    out([`### Calls a day for ${(80_000).toLocaleString("en-US")} apps (part "calls")`, "", ...callsLines(figures.calls)]);
  }
  if (wants("budget") || wants("cost")) {
    const seconds = Number(wants("budget") ? (process.env.BENCH_SYNC_BUDGET_SECONDS ?? 780) : (process.env.BENCH_SYNC_COST_SECONDS ?? 300));
    const load = loadLine();
    figures.budget = await measureBudget({ serverUrl, template: template.name, seconds, log, cleanups });
    out([
      `### The pass at the real budgets (parts ${[wants("budget") && '"budget"', wants("cost") && '"cost"'].filter(Boolean).join(" and ")}; load average before ${load}, after ${loadLine()})`,
      "",
      ...budgetLines(figures.budget, { budget: wants("budget"), cost: wants("cost") }),
    ]);
  }
  if (wants("changed")) {
    const load = loadLine();
    figures.changed = await measureChanged({
      serverUrl,
      template: template.name,
      runs: Number(process.env.BENCH_SYNC_CHANGED_RUNS ?? 3),
      embedded: process.env.BENCH_SYNC_EMBEDDED !== "0",
      log,
      cleanups,
    });
    out([`### 1,000 changed apps, limits lifted (part "changed"; load average before ${load}, after ${loadLine()})`, "", ...changedLines(figures.changed)]);
  }

  const machine = await machineInfo(serverUrl);
  figures.machine = { ...machine, started: started.toISOString(), loadAverageAtStart: loadAtStart };
  out([
    `Run ${started.toISOString()} to ${new Date().toISOString()}, parts ${only.join(", ")}; ${machine.cpus} CPUs ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}, PostgreSQL ${machine.postgres}; load average at the start ${loadAtStart}, at the end ${machine.loadAverageAtEnd.join(" / ")}.`,
  ]);
  if (process.env.BENCH_SYNC_JSON) writeFileSync(process.env.BENCH_SYNC_JSON, JSON.stringify(figures, null, 2));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanup());
