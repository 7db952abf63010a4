// npm run migrate: apply prisma/migrations to DATABASE_URL, or to the embedded database.
import { connectDatabase } from "../lib/db/connect-database";

const database = await connectDatabase({ migrate: false });
try {
  const { migrateDatabase } = await import("../lib/db/migrate-database");
  const { applied } = await migrateDatabase(database.url);
  console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
} finally {
  await database.close();
}
