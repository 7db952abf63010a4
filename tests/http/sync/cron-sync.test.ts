// GET /api/cron/sync, as Vercel's cron calls it: closed without CRON_SECRET, one bounded tick per call, each tick
// resuming the SteamSpy walk at the page the last one stopped before.
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/db/migrate-database";
import { fromAddress } from "../../support/from-address";
import { startSteamReplay, type SteamReplay } from "../../support/steam-replay";
import { createTestDatabase } from "../../support/test-database";
import { startSyncServer } from "./sync-server";

const LOCAL_SERVER = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "cron-secret-for-tests-0123456789";
const TICK_SECONDS = 6;
const LIFTED = { requests: 1_000_000, windowSeconds: 1 };
// SteamSpy allows `request=all` once a minute; here once every 2 s, so three pages take longer than a tick
const ALL_EVERY = { requests: 1, windowSeconds: 2 };

/** 2,100 apps of the real SteamSpy pages: three pages of 1,000 and an empty fourth. */
function appsOfPages(): number[] {
  const ids = new Set<number>();
  for (const page of [0, 1, 2]) {
    const file = `prisma/data/steamspy/2025-01-01/page-${page}.json.gz`;
    for (const key of Object.keys(JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")))) ids.add(Number(key));
  }
  return [...ids].slice(0, 2_100);
}

let steam: SteamReplay;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startSyncServer>>;

beforeAll(async () => {
  steam = await startSteamReplay({ apps: appsOfPages(), limits: { store: null, api: null, steamspy: null, steamspyAll: ALL_EVERY } });
  database = await createTestDatabase(LOCAL_SERVER);
  await migrateDatabase(database.url);
  const budgets = { store: LIFTED, api: LIFTED, steamspy: LIFTED, steamspyAll: ALL_EVERY };
  server = await startSyncServer(
    {
      ...steam.env(),
      LUDEX_SKIP_INGEST: "1",
      CRON_SECRET: SECRET,
      LUDEX_SYNC_TICK_SECONDS: String(TICK_SECONDS),
      LUDEX_SYNC_TIMEOUT_MS: "2000",
      LUDEX_SYNC_BUDGETS: JSON.stringify(budgets),
    },
    database.url,
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await steam?.close();
  await database?.drop();
});

/** The walk's job is done for the day once its place is back at page 0 with no day in progress. */
async function walkDone(): Promise<boolean> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT cursor FROM sync_jobs WHERE id = 'steamspy'");
    return rows[0]?.cursor?.day === null && rows[0]?.cursor?.page === 0;
  } finally {
    await client.end();
  }
}

/** Entries the served pages hold, read from another client address (the limit is per address) once the walk is done. */
async function servedEntries(): Promise<number> {
  let entries = 0;
  for (let page = 0; page < 3; page++) {
    if (page > 0) await new Promise((r) => setTimeout(r, ALL_EVERY.windowSeconds * 1000 + 100));
    const res = await fromAddress(`${steam.steamspyUrl}/api.php?request=all&page=${page}`, "127.0.0.9");
    entries += Object.keys(res.body).length;
  }
  return entries;
}

const tick = (authorization?: string) => fetch(`${server.base}/api/cron/sync`, { headers: authorization ? { authorization } : {} });
const ENGINE = "127.0.0.1";
const allPages = () => steam.requests("steamspy").filter((r) => r.query.request === "all" && r.address === ENGINE).map((r) => Number(r.query.page));

describe("GET /api/cron/sync", () => {
  it("is closed without the cron secret", async () => {
    for (const res of [await tick(), await tick("Bearer wrong")]) {
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe("UNAUTHORIZED");
    }
    expect(steam.requests()).toEqual([]);
  });

  it("runs ticks that end inside their time, each resuming the SteamSpy walk where the last one stopped", async () => {
    const reports: any[] = [];
    while (!(await walkDone()) && reports.length < 10) {
      const started = Date.now();
      const res = await tick(`Bearer ${SECRET}`);
      expect(res.status).toBe(200);
      reports.push(await res.json());
      expect(reports.at(-1)).toMatchObject({ mode: "cron" });
      expect(reports.at(-1).seconds).toBeLessThanOrEqual(TICK_SECONDS + 0.5);
      expect((Date.now() - started) / 1000).toBeLessThan(TICK_SECONDS + 10);
    }
    expect(await walkDone()).toBe(true);
    expect(reports[0].stoppedBecause).toBe("time is up");
    // three pages a request=all every 2 s and their writes do not fit one tick: the walk went on in later ticks
    const ticksThatWalked = reports.filter((r) => r.hosts.steamspyAll.requests > 0).length;
    expect(ticksThatWalked).toBeGreaterThanOrEqual(2);
    const pages = allPages();
    // in order; a page is read again only by the tick after one cut while writing it
    expect([...new Set(pages)]).toEqual([0, 1, 2, 3]);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    // and that tick goes on after what was written: every entry of the served pages written exactly once
    const written = reports.reduce((sum, r) => sum + (r.work.steamspy?.fetched ?? 0), 0);
    expect(written).toBe(await servedEntries());
    expect(reports.reduce((sum, r) => sum + r.totals.newApps, 0)).toBe(2_100);
    // the request=all budget held across the ticks
    expect(steam.maxInWindow("steamspyAll", steam.requests("steamspy").filter((r) => r.address === ENGINE))).toBeLessThanOrEqual(1);
  }, 120_000);
});
