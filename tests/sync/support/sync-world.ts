import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateDatabase } from "@/lib/db/migrate-database";
import type { Budget, HostId } from "@/lib/sync/sync-config";
import { startSteamReplay, type SteamReplay, type SteamReplayOptions } from "@/tests/support/steam-replay";
import { createTestDatabase } from "@/tests/support/test-database";
import { killSyncProcesses } from "./sync-process";

/**
 * What every sync test needs: a fresh migrated database (no ingestion), the three Steam hosts replayed on
 * loopback, and the environment that points the sync at both. Torn down after the file: sync processes
 * killed, replay closed, database dropped.
 */
const SERVER = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** A budget no test reaches: where the budget is not what a test is about, it must not slow the run. */
export const LIFTED: Budget = { requests: 1_000_000, windowSeconds: 1 };

/**
 * Apps for small catalogs: the first 24 have recorded appdetails payloads in prisma/data/store/appdetails,
 * the rest are built by the replay from SteamSpy and the store CSVs.
 */
export const RECORDED_APPS = [10, 20, 30, 40, 50, 60, 70, 80, 130, 220, 240, 300, 320, 340, 380, 400, 420, 440, 500, 550, 570, 620, 630, 730];
export const BUILT_APPS = [2500, 3830, 4000, 8870, 12210, 105600, 113400, 218620, 252490, 271590, 292030, 304930, 346110, 431960, 489830, 578080];

export interface SyncWorld {
  url: string;
  pool: pg.Pool;
  replay: SteamReplay;
  /**
   * the sync's environment: database, the replay's addresses and key, lifted budgets unless overridden, and a
   * first retry after 0.1 s instead of 2 s (what is retried is under test, not how long it waits)
   */
  env(extra?: Record<string, string>, budgets?: Partial<Record<HostId, Budget>>): Record<string, string>;
}

export interface WorldOptions extends SteamReplayOptions {
  /** false: no STEAM_API_KEY (the app list and tag list are not walked) */
  withKey?: boolean;
}

export function useSyncWorld(options: WorldOptions): SyncWorld {
  const world = {} as SyncWorld;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase(SERVER);
    drop = database.drop;
    await migrateDatabase(database.url);
    const replay = await startSteamReplay(options);
    Object.assign(world, {
      url: database.url,
      pool: new pg.Pool({ connectionString: database.url, max: 4 }),
      replay,
      env: (extra: Record<string, string> = {}, budgets: Partial<Record<HostId, Budget>> = {}) => {
        const hostEnv = replay.env();
        if (options.withKey === false) delete hostEnv.STEAM_API_KEY;
        return {
          DATABASE_URL: database.url,
          ...hostEnv,
          LUDEX_SYNC_BUDGETS: JSON.stringify({ store: LIFTED, api: LIFTED, steamspy: LIFTED, steamspyAll: LIFTED, ...budgets }),
          LUDEX_SYNC_RETRY_MS: "100",
          ...extra,
        };
      },
    });
  });
  afterAll(async () => {
    await killSyncProcesses();
    await world.pool?.end();
    await world.replay?.close();
    await drop?.();
  });
  return world;
}

/** Every replay limit lifted: the test is not about the hosts' limits. */
export const NO_LIMITS = { store: null, api: null, steamspy: null, steamspyAll: null } as const;
