// The sync CLI (lib/sync/sync-cli.ts, same arguments) with its own cost recorded, for npm run bench:sync:
// every statement sent through pg is timed (from the call to its answer: the wait the engine sees, queueing on
// its connection included), grouped by the statement's opening words; and the process's CPU time and RSS.
// BENCH_SYNC_SAMPLES=<file>: a JSON line every BENCH_SYNC_SAMPLE_MS (default 5,000) and one at exit, with the
// event loop's delay since the previous line (how late a timer fired: a request due then left that much late).
import { appendFileSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";

interface Group {
  count: number;
  ms: number;
}

const samplesFile = process.env.BENCH_SYNC_SAMPLES;
const sampleMs = Number(process.env.BENCH_SYNC_SAMPLE_MS ?? 5_000);
const groups = new Map<string, Group>();
let statementMs = 0;
/** how late timers fire (the event loop busy with other work): a request sent on a timer leaves that much late */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
let statements = 0;

/** A statement's group: its first words with numbers and parameters dropped, so one statement shape is one group. */
export function statementShape(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\$\d+/g, "$").replace(/\b\d+(\.\d+)?\b/g, "N").trim().slice(0, 90);
}

function record(text: string, started: bigint) {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const key = statementShape(text);
  const group = groups.get(key) ?? { count: 0, ms: 0 };
  group.count++;
  group.ms += ms;
  groups.set(key, group);
  statementMs += ms;
  statements++;
}

type Callback = (...args: unknown[]) => unknown;
const original = pg.Client.prototype.query as unknown as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
  const text = typeof config === "string" ? config : ((config as { text?: string } | null)?.text ?? "");
  const started = process.hrtime.bigint();
  const wrap = (cb: Callback): Callback =>
    function (this: unknown, ...args: unknown[]) {
      record(text, started);
      return cb.apply(this, args);
    };
  if (typeof values === "function") return original.call(this, config, wrap(values as Callback));
  if (typeof callback === "function") return original.call(this, config, values, wrap(callback as Callback));
  const result = original.call(this, config, values) as Promise<unknown> | undefined;
  if (result && typeof result.then === "function") {
    result.then(
      () => record(text, started),
      () => record(text, started),
    );
  }
  return result;
} as typeof pg.Client.prototype.query;

function sample(final: boolean) {
  if (!samplesFile) return;
  const usage = process.resourceUsage();
  const line = {
    at: Date.now(),
    final,
    userSeconds: usage.userCPUTime / 1e6,
    systemSeconds: usage.systemCPUTime / 1e6,
    maxRssKiB: usage.maxRSS,
    rssKiB: Math.round(process.memoryUsage().rss / 1024),
    statements,
    statementMs,
    loopDelayMaxMs: loopDelay.max / 1e6,
    loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
    groups: final ? Object.fromEntries([...groups].sort(([, a], [, b]) => b.ms - a.ms)) : undefined,
  };
  appendFileSync(samplesFile, `${JSON.stringify(line)}\n`);
  loopDelay.reset();
}

if (samplesFile) {
  loopDelay.enable();
  sample(false);
  setInterval(() => sample(false), sampleMs).unref();
  process.on("exit", () => sample(true));
}

await import("../../lib/sync/sync-cli");
