import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

/** A direct connection to the test database, for independent recomputations of served figures. */
export function useDatabase() {
  const holder: { db: pg.Client } = {} as { db: pg.Client };
  beforeAll(async () => {
    holder.db = new pg.Client({ connectionString: inject("databaseUrl") });
    await holder.db.connect();
  });
  afterAll(async () => holder.db?.end());
  return async <T = any>(sql: string, values: unknown[] = []): Promise<T[]> => (await holder.db.query(sql, values)).rows as T[];
}
