// npm run sync [-- --once [--max-seconds N] [--json]]: keep the catalog fresh from Steam and SteamSpy (docs/sync.md).
import { parseArgs } from "node:util";
import pg from "pg";
import { connectDatabase } from "../db/connect-database";
import { describeConnectionFault, guardPool, isConnectionFault } from "../db/connection-fault";
import { migrateDatabase } from "../db/migrate-database";
import { syncConfig } from "./sync-config";
import { runSync } from "./sync-engine";
import { formatProgress, formatReport } from "./sync-output";

const USAGE = `Usage: npm run sync [-- options]
  (no option)        run as a worker: fetch what is due, wait for more, until Ctrl-C
  --once             one pass over what is due now, then a report
  --max-seconds N    stop the pass after N seconds (what is left stays due)
  --json             the report as JSON (with --once)`;

class UsageError extends Error {}

const OPTIONS = {
  once: { type: "boolean" },
  "max-seconds": { type: "string" },
  json: { type: "boolean" },
  help: { type: "boolean" },
} as const;

async function main() {
  const { values } = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: false, strict: true });
  if (values.help) throw new UsageError("");
  const maxSeconds = values["max-seconds"] === undefined ? undefined : Number(values["max-seconds"]);
  if (maxSeconds !== undefined && !(Number.isFinite(maxSeconds) && maxSeconds > 0)) throw new UsageError("--max-seconds must be a positive number.");
  if (values.json && !values.once) throw new UsageError("--json goes with --once.");
  const config = syncConfig();
  const database = await connectDatabase();
  const pool = guardPool(new pg.Pool({ connectionString: database.url, max: config.concurrency * 3 + 4 }), "sync pool");
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    await migrateDatabase(database.url);
    const progress = values.once && values.json ? undefined : progressPrinter();
    if (!config.apiKey) console.error("[sync] STEAM_API_KEY is not set: the app list and tag list are not walked (new apps and change hints come only from SteamSpy).");
    const report = await runSync({ pool, mode: values.once ? "once" : "worker", maxSeconds, signal: stop.signal, config, onProgress: progress });
    if (process.stderr.isTTY) progress?.(report, true); // ends the updating line
    if (values.json) console.log(JSON.stringify(report));
    else console.log(formatReport(report));
  } finally {
    await pool.end().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
}

/** One updating line on a terminal; a line every 30 s in logs. */
function progressPrinter() {
  let last = 0;
  return (report: Parameters<typeof formatProgress>[0], final = false) => {
    const line = formatProgress(report);
    if (process.stderr.isTTY) {
      process.stderr.write(`\r\x1b[2K${line}${final ? "\n" : ""}`);
      return;
    }
    if (final || Date.now() - last >= 30_000) {
      process.stderr.write(`${line}\n`);
      last = Date.now();
    }
  };
}

main()
  .catch((error: unknown) => {
    const usage = error instanceof UsageError || Boolean((error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS"));
    const message = usage ? `${(error as Error).message}\n${USAGE}`.trim() : isConnectionFault(error) ? describeConnectionFault(error) : (error as Error).message;
    console.error(message);
    process.exitCode = usage ? 2 : 1;
  })
  // everything is closed by now; Prisma's WebAssembly schema engine (the migration check) leaves a 10 s timer behind
  .finally(() => process.exit());
