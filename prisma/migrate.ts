// npm run migrate: apply prisma/migrations to DATABASE_URL, or to the embedded database, then rebuild the
// derived game_metrics table if its definition changed in code (a deployment runs this before serving).
import pg from "pg";
import { connectDatabase } from "../lib/db/connect-database";

const database = await connectDatabase({ migrate: false });
try {
  const { migrateDatabase } = await import("../lib/db/migrate-database");
  const { applied } = await migrateDatabase(database.url);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  const { ensureGameMetrics } = await import("../lib/market/aggregates/refresh-metrics");
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    if (await ensureGameMetrics((text, values) => client.query(text, values))) console.log("game_metrics rebuilt");
  } finally {
    await client.end();
  }
} finally {
  await database.close();
}
