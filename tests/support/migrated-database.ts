import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { createTestDatabase } from "./test-database";

const LOCAL_SERVER = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * A fresh database with every migration applied and a connected client, for the test file that calls it
 * (at its top level); dropped after the file's tests. The fields are set once `beforeAll` has run.
 */
export function useMigratedDatabase(serverUrl = LOCAL_SERVER): { url: string; client: pg.Client } {
  const handle = {} as { url: string; client: pg.Client };
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(serverUrl);
    await migrateDatabase(database.url);
    handle.url = database.url;
    handle.client = new pg.Client({ connectionString: database.url });
    await handle.client.connect();
  });
  afterAll(async () => {
    await handle.client?.end();
    await database?.drop();
  });
  return handle;
}
