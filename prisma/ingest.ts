// npm run ingest: load the vendored real Steam data into DATABASE_URL, or into the embedded database.
import { connectDatabase } from "../lib/db/connect-database";
import { runIngest } from "../lib/market/ingest/run-ingest";
import { progressReporter } from "../lib/runtime/progress-line";

const database = await connectDatabase();
try {
  const report = await runIngest({ databaseUrl: database.url, dataDir: process.argv[2], onProgress: progressReporter() });
  for (const [source, r] of Object.entries(report.sources)) {
    console.log(`${source}: ${r.read} read, ${r.malformed} malformed${r.examples.length ? ` (e.g. ${r.examples.map((e) => `${e.record}: ${e.reason}`).join("; ")})` : ""}`);
  }
  for (const [table, w] of Object.entries(report.written)) console.log(`${table}: ${w.inserted} inserted, ${w.updated} updated`);
  console.log(`coverage: ${JSON.stringify(report.coverage)}; unknown tag names: ${Object.keys(report.unknownTagNames).length}`);
  console.log(`done in ${(report.durationMs / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
