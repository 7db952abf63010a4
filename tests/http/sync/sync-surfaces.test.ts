// npm start with LUDEX_SYNC=1 on an empty database: the catalog comes from the (replayed) sources, and what users see of it:
// GET /status's sources, daily history with players and discounts, the detail's players, SOURCE_STALE warnings, the dashboard's card.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/db/migrate-database";
import { workspaceWithKey } from "../../support/admin";
import { launchBrowser } from "../../support/browser";
import { signInWithBrowser } from "../../support/sign-in";
import { expectSuccess } from "../../support/envelope";
import { startSteamReplay, type SteamReplay } from "../../support/steam-replay";
import { createTestDatabase } from "../../support/test-database";
import { call, startSyncServer, waitFor } from "./sync-server";

const run = promisify(execFile);
const LOCAL_SERVER = process.env.LUDEX_TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const APPS = [10, 20, 220, 240, 400, 570, 620, 730, 1250, 48000, 105600, 413150];
const LIFTED = JSON.stringify(Object.fromEntries(["store", "api", "steamspy", "steamspyAll"].map((h) => [h, { requests: 1_000_000, windowSeconds: 1 }])));
const DAY = 86_400;

let steam: SteamReplay;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Awaited<ReturnType<typeof startSyncServer>>;
let sql: pg.Client;
let key: string;
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + DAY * 1000).toISOString().slice(0, 10);

beforeAll(async () => {
  steam = await startSteamReplay({ apps: APPS, limits: { store: null, api: null, steamspy: null, steamspyAll: null } });
  database = await createTestDatabase(LOCAL_SERVER);
  await migrateDatabase(database.url);
  server = await startSyncServer({ ...steam.env(), LUDEX_SYNC: "1", LUDEX_SKIP_INGEST: "1", LUDEX_SYNC_BUDGETS: LIFTED }, database.url);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  key = (await workspaceWithKey(database.url, { plan: "pro" })).secret;
  // the worker's first pass: every source has answered and nothing is due any more
  await waitFor(
    "a first pass of every source",
    async () => {
      const catalog = (await call(server.base, "/status", key)).body.data.catalog;
      const sources = Object.entries(catalog.sources).map(([id, s]: [string, any]) => [id, s.lastSuccessAt !== null, s.appsDue, s.lastError]);
      return { games: catalog.games, sources };
    },
    ({ games, sources }) => sources.every(([, answered, due]) => answered && !due) && games === APPS.length,
  );
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await sql?.end();
  await steam?.close();
  await database?.drop();
});

const replayed = async (path: string) => (await fetch(`${steam.apiUrl}${path}`)).json();

describe("npm start with LUDEX_SYNC=1 on an empty database", () => {
  it("fills the catalog from the sources alone, and GET /status says where each source stands", async () => {
    const res = await call(server.base, "/status", key);
    expectSuccess(res, { list: false });
    const { catalog } = res.body.data;
    expect(catalog.games).toBe(APPS.length);
    expect(catalog.sync.active).toBe(true);
    expect(Object.keys(catalog.sources).sort()).toEqual(["appList", "players", "prices", "reviews", "steamSpy", "steamSpyTags", "storeDetails", "tagList"]);
    for (const source of Object.values(catalog.sources) as any[]) {
      expect(source).toMatchObject({ configured: true, stale: false, throttledUntil: null, throttleReason: null, behindSince: null });
      expect(source.lastSuccessAt.slice(0, 10)).toBe(today);
    }
    expect(catalog.sources.reviews).toMatchObject({ source: "steam-appreviews", host: "store.steampowered.com", appsDue: 0, appsFailing: 0 });
    expect(server.output()).toContain("sync: keeping the catalog fresh (LUDEX_SYNC=1)");
  });

  it("the detail: Steam's review totals, the players Steam reported, each family dated today, the latest snapshot of each source", async () => {
    const res = await call(server.base, "/games/730", key);
    expectSuccess(res, { list: false });
    const game = res.body.data;
    const players = await replayed("/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=730");
    expect(game.players).toBe(players.response.player_count);
    const summary = await (await fetch(`${steam.storeUrl}/appreviews/730?json=1&num_per_page=0&filter=all&language=all&review_type=all&purchase_type=all&cursor=*`)).json();
    expect(game.reviews.total).toBe(summary.query_summary.total_positive + summary.query_summary.total_negative);
    expect(game.sources.reviews).toEqual({ source: "steam-appreviews", observedAt: today });
    expect(game.sources.players).toEqual({ source: "steam-players", observedAt: today });
    expect(game.sources.price.source).toBe("steam-store");
    expect(game.tags.length).toBeGreaterThan(0);
    expect(game.sources.tags).toEqual({ source: "steamspy", observedAt: today });
    expect(game.snapshots.map((s: any) => s.source).sort()).toEqual(["steam-appreviews", "steam-players", "steam-store", "steamspy"]);
  });

  it("a second day adds a daily point per source, the changes between them, and the sale that started", async () => {
    const before = (await call(server.base, "/games/620", key)).body.data;
    steam.update(620, { reviews: { positive: before.reviews.positive + 120, negative: before.reviews.negative + 7 }, players: 4321, price: { initial: 999, final: 249, discount: 75 } });
    await run("npx", ["tsx", "lib/sync/sync-cli.ts", "--once", "--json"], {
      env: { ...process.env, ...steam.env(), DATABASE_URL: database.url, LUDEX_SYNC_BUDGETS: LIFTED, LUDEX_SYNC_CLOCK_SHIFT_SECONDS: String(DAY) },
      timeout: 120_000,
    });
    const res = await call(server.base, "/games/620/history", key);
    expectSuccess(res, { list: false });
    const h = res.body.data;
    const steamReviews = h.reviews.points.filter((p: any) => p.source === "steam-appreviews");
    expect(steamReviews.map((p: any) => p.observedOn)).toEqual([today, tomorrow]);
    expect(steamReviews[1].values.total - steamReviews[0].values.total).toBe(127);
    expect(h.reviews.deltas.find((d: any) => d.measure === "total" && d.toObservedOn === tomorrow && d.fromSource === "steam-appreviews")).toMatchObject({ change: 127, days: 1, sameCollector: true });
    expect(h.players.points.map((p: any) => [p.observedOn, p.values.value])).toEqual([[today, before.players], [tomorrow, 4321]]);
    const sale = h.discounts.at(-1);
    expect(sale).toMatchObject({ percent: 75, priceCents: 249, initialCents: 999, firstSeenOn: tomorrow, lastSeenOn: tomorrow, startedAfter: today, endedOn: null, ongoing: true, source: "steam-store" });
    const weekly = (await call(server.base, `/games/620/history?from=${tomorrow}&step=week`, key)).body.data;
    expect(weekly.window).toEqual({ from: tomorrow, to: null, step: "week" });
    expect(new Set(weekly.observations.map((o: any) => o.observedOn))).toEqual(new Set([tomorrow]));
    // the detail carries each source's latest observation only
    const detail = (await call(server.base, "/games/620", key)).body.data;
    expect(detail.snapshots.filter((s: any) => s.source === "steam-appreviews").map((s: any) => s.observedAt)).toEqual([tomorrow]);
    expect(detail.price).toMatchObject({ currentCents: 249, initialCents: 999, discountPercent: 75 });
  }, 180_000);

  it("the dashboard's overview shows each source's freshness, readable at 1280 and 390 px", async () => {
    const browser = await launchBrowser();
    try {
      for (const width of [1280, 390]) {
        const { context, page } = await signInWithBrowser(browser, `fresh-${width}@example.com`, { base: server.base, viewport: { width, height: 900 } });
        await page.goto("/dashboard");
        const table = page.getByTestId("freshness-table");
        await table.waitFor();
        // a header row and one row per source
        expect(await table.getByRole("row").count()).toBe(9);
        const reviews = table.getByRole("row").filter({ hasText: "Review totals" });
        expect(await reviews.getByRole("cell").last().textContent()).toBe("fresh");
        // refreshed today, or "tomorrow" by the shifted clock of the second-day pass above
        expect(await reviews.textContent()).toMatch(new RegExp(`${today}|${tomorrow}`));
        // the table scrolls inside its card on a phone instead of widening the page
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await page.locator("section", { has: page.getByRole("heading", { name: "Catalog freshness" }) }).screenshot({ path: `tests/.artifacts/dashboard-freshness-${width}.png` });
        await context.close();
      }
    } finally {
      await browser.close();
    }
  }, 120_000);

  it("a stale source warns every market answer (SOURCE_STALE), says why, and GET /status shows it", async () => {
    await sql.query("UPDATE sync_hosts SET paused_until = now() + interval '5 hours', pause_reason = '403' WHERE host = 'store'");
    await sql.query("UPDATE sync_tasks SET due_at = now() - interval '3 days' WHERE kind = 'reviews' AND app_id = 730");
    try {
      const status = (await call(server.base, "/status", key)).body;
      expect(status.warnings).toBeUndefined();
      expect(status.data.catalog.sources.reviews).toMatchObject({ stale: true, throttleReason: "403" });
      expect(status.data.catalog.sources.reviews.behindSince).not.toBeNull();
      expect(status.data.catalog.sources.players.stale).toBe(false);
      for (const path of ["/games/730", "/games?limit=2", "/tags?q=indie", "/games/730/history"]) {
        const res = await call(server.base, path, key);
        const warning = res.body.warnings?.find((w: any) => w.code === "SOURCE_STALE");
        expect(warning?.message, path).toContain("Review totals");
        expect(warning.message).toContain("refuses requests (403)");
      }
    } finally {
      await sql.query("UPDATE sync_hosts SET paused_until = NULL, pause_reason = NULL WHERE host = 'store'");
      await sql.query("UPDATE sync_tasks SET due_at = now() + interval '1 day' WHERE kind = 'reviews' AND app_id = 730");
    }
    await call(server.base, "/status", key);
    expect((await call(server.base, "/games/730", key)).body.warnings).toBeUndefined();
  });
});
