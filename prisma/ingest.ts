// npm run ingest [-- --database-url URL] [--data-dir DIR]: load the vendored real Steam data.
import { parseArgs } from "node:util";
import { dataDirectory, directDatabaseUrl } from "../lib/db/connect-database";
import { describeConnectionFault, isConnectionFault } from "../lib/db/connection-fault";
import { findRunningEmbedded } from "../lib/db/embedded-server";
import type { IngestReport } from "../lib/market/ingest/run-ingest";
import { runIngest } from "../lib/market/ingest/run-ingest";
import { progressReporter } from "../lib/runtime/progress-line";

const { values } = parseArgs({ options: { "database-url": { type: "string" }, "data-dir": { type: "string" } } });
const databaseUrl = values["database-url"] || directDatabaseUrl() || (await findRunningEmbedded(dataDirectory()));
if (!databaseUrl) {
  console.error(
    "npm run ingest needs a database: DATABASE_URL is not set and no embedded server is running.\n" +
      "Start the embedded server with `npm start` (it also loads the data on its first start) and run this again,\n" +
      "or pass one: npm run ingest -- --database-url postgres://user@host:5432/db",
  );
  process.exit(1);
}

try {
  const report = await runIngest({ databaseUrl, dataDir: values["data-dir"], onProgress: progressReporter() });
  printSummary(report);
} catch (error) {
  // A dropped or refused connection is an operator's problem to fix, not a crash with a stack trace.
  if (!isConnectionFault(error)) throw error;
  console.error(`\nIngestion stopped: ${describeConnectionFault(error, databaseUrl)} Rows already written stay; running it again completes the load.`);
  process.exit(1);
}

function printSummary(report: IngestReport) {
  for (const [source, r] of Object.entries(report.sources)) {
    const skipped = Object.entries(r.skipped ?? {}).map(([why, n]) => `, ${n} skipped (${why})`).join("");
    const examples = r.examples.map((e) => `${e.record}: ${e.reason}`).join("; ");
    console.log(`${source}: ${r.read} read, ${r.written} written, ${r.malformed} malformed${skipped}${examples ? ` (e.g. ${examples})` : ""}`);
  }
  for (const [table, w] of Object.entries(report.written)) console.log(`${table}: ${w.inserted} inserted, ${w.updated} updated`);
  const unknown = Object.entries(report.unknownTagNames).map(([name, n]) => `${name} (${n})`).join(", ");
  console.log(`coverage: ${JSON.stringify(report.coverage)}; unknown tag names: ${unknown || "none"}`);
  const agreement = report.reviewLabelAgreement;
  if (agreement.rate !== null) console.log(`review labels agree with Steam's for ${agreement.agreed}/${agreement.compared} apps (${(agreement.rate * 100).toFixed(2)}%)`);
  console.log(`done in ${(report.durationMs / 1000).toFixed(1)} s`);
}
