// Ingestion benchmark: migrate a fresh database, then time runIngest over the vendored real data.
// Alone (`npx tsx tests/bench/ingest.ts`) it creates and drops its own ludex_bench_* database.
import { pathToFileURL } from "node:url";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { runIngest } from "../../lib/market/ingest/run-ingest";
import { createBenchDatabase, serverUrlFromEnv } from "./bench-database";

export interface IngestFigures {
  migrateSeconds: number;
  ingestSeconds: number;
  /** rows written per table (inserted + updated) */
  rows: Record<string, number>;
  totalRows: number;
  rowsPerSecond: number;
  stageSeconds: Record<string, number>;
  coverage: Record<string, number>;
}

/** Migrates `databaseUrl` (expected empty) and times one ingestion into it. */
export async function measureIngest(databaseUrl: string, log = (line: string) => console.error(line)): Promise<IngestFigures> {
  const migrateStart = Date.now();
  await migrateDatabase(databaseUrl);
  const migrateSeconds = (Date.now() - migrateStart) / 1000;

  const stageSeconds: Record<string, number> = {};
  let stage = "";
  let stageStart = Date.now();
  const started = Date.now();
  const report = await runIngest({
    databaseUrl,
    onProgress: (p) => {
      if (p.stage === stage) return;
      if (stage) stageSeconds[stage] = (Date.now() - stageStart) / 1000;
      stage = p.stage;
      stageStart = Date.now();
    },
  });
  const ingestSeconds = (Date.now() - started) / 1000;
  if (stage) stageSeconds[stage] = (Date.now() - stageStart) / 1000;

  const rows = Object.fromEntries(Object.entries(report.written).map(([table, w]) => [table, w.inserted + w.updated]));
  const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
  const figures = {
    migrateSeconds,
    ingestSeconds,
    rows,
    totalRows,
    rowsPerSecond: totalRows / ingestSeconds,
    stageSeconds,
    coverage: report.coverage,
  };
  log(`[bench] ingest: ${totalRows.toLocaleString("en-US")} rows in ${ingestSeconds.toFixed(1)} s ` +
    `(${Object.entries(rows).map(([t, n]) => `${t} ${n.toLocaleString("en-US")}`).join(", ")}); migrate ${migrateSeconds.toFixed(1)} s`);
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const database = await createBenchDatabase(serverUrlFromEnv());
  const drop = () => database.drop().catch((error: unknown) => console.error(`[bench] drop failed: ${String(error)}`));
  process.once("SIGINT", () => void drop().then(() => process.exit(130)));
  try {
    console.log(JSON.stringify(await measureIngest(database.url)));
  } finally {
    await drop();
  }
}
