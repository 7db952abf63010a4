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

  it("runs a tick that ends inside its time, and the next tick resumes the walk where it stopped", async () => {
    const started = Date.now();
    const first = await tick(`Bearer ${SECRET}`);
    const elapsed = (Date.now() - started) / 1000;
    expect(first.status).toBe(200);
    const report = await first.json();
    expect(report).toMatchObject({ mode: "cron", stoppedBecause: "time is up" });
    expect(report.seconds).toBeLessThanOrEqual(TICK_SECONDS + 0.5);
    expect(elapsed).toBeLessThan(TICK_SECONDS + 10);
    const walked = allPages();
    expect(walked.length).toBeGreaterThan(0);
    expect(walked.length).toBeLessThan(4);
    expect(walked).toEqual(walked.map((_, i) => i));
    const written = report.work.steamspy.fetched;

    // ticks until the walk is done (each tick writes SteamSpy pages for its few seconds, saving its place)
    const reports = [report];
    while (!(await walkDone()) && reports.length < 8) reports.push(await (await tick(`Bearer ${SECRET}`)).json());
    expect(await walkDone()).toBe(true);
    for (const r of reports) expect(r.seconds).toBeLessThanOrEqual(TICK_SECONDS + 0.5);
    const after = allPages();
    // pages in order; a page is read again only by the tick after one that was cut while writing it
    expect(after.slice(0, walked.length)).toEqual(walked);
    expect([...new Set(after)]).toEqual([0, 1, 2, 3]);
    expect(after).toEqual([...after].sort((a, b) => a - b));
    // every entry of the three pages written once: a resumed page goes on after what was written
    const total = reports.reduce((sum, r) => sum + (r.work.steamspy?.fetched ?? 0), 0);
    expect(written).toBeGreaterThan(0);
    expect(total).toBe(await servedEntries());
    // the request=all budget held across both ticks and the server in between
    expect(steam.maxInWindow("steamspyAll", steam.requests("steamspy").filter((r) => r.address === ENGINE))).toBeLessThanOrEqual(1);
  }, 120_000);
});
