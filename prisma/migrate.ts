// npm run migrate: apply prisma/migrations to DATABASE_URL, or to the embedded database, then rebuild the
// derived game_metrics table if its definition changed in code (a deployment runs this before serving).
import { connectDatabase } from "../lib/db/connect-database";

const database = await connectDatabase({ migrate: false });
try {
  const { migrateDatabase } = await import("../lib/db/migrate-database");
  const { applied } = await migrateDatabase(database.url);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
  const { ensureGameMetricsAt } = await import("../lib/market/aggregates/refresh-metrics");
  if (await ensureGameMetricsAt(database.url)) console.log("game_metrics rebuilt");
} finally {
  await database.close();
}
