// The embedded default stays fresh without a second process: `LUDEX_SYNC=1 npm start` on a fresh data folder (PGlite),
// and `npm run sync -- --once` beside it joins the same embedded database.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceWithKey } from "../../support/admin";
import { expectSuccess } from "../../support/envelope";
import { startSteamReplay, type SteamReplay } from "../../support/steam-replay";
import { call, embeddedUrl, startSyncServer, waitFor } from "./sync-server";

const run = promisify(execFile);
const APPS = [10, 220, 570, 730, 48000];
const LIFTED = JSON.stringify(Object.fromEntries(["store", "api", "steamspy", "steamspyAll"].map((h) => [h, { requests: 1_000_000, windowSeconds: 1 }])));

let steam: SteamReplay;
let server: Awaited<ReturnType<typeof startSyncServer>>;
let key: string;

beforeAll(async () => {
  steam = await startSteamReplay({ apps: APPS, limits: { store: null, api: null, steamspy: null, steamspyAll: null } });
  server = await startSyncServer({ ...steam.env(), LUDEX_SYNC: "1", LUDEX_SKIP_INGEST: "1", LUDEX_SYNC_BUDGETS: LIFTED }, null);
  key = (await workspaceWithKey(embeddedUrl(server.dataDir), { plan: "pro" })).secret;
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await steam?.close();
});

describe("LUDEX_SYNC=1 npm start on the embedded default", () => {
  it("fills an empty embedded catalog while the server answers, and a --once pass beside it adds the next day", async () => {
    const catalog = await waitFor(
      "the worker's first pass",
      async () => (await call(server.base, "/status", key)).body.data.catalog,
      (c) => c.games === APPS.length && c.sources.reviews.lastSuccessAt !== null && c.sources.players.lastSuccessAt !== null && c.sources.reviews.appsDue === 0,
    );
    expect(catalog.sync.lastRun.mode).toBe("server");
    const game = await call(server.base, "/games/730", key);
    expectSuccess(game, { list: false });
    expect(game.body.data.sources.reviews.source).toBe("steam-appreviews");
    expect(game.body.data.players).not.toBeNull();

    steam.update(730, { players: 123_456 });
    const { stdout } = await run("npx", ["tsx", "lib/sync/sync-cli.ts", "--once", "--json"], {
      env: { ...process.env, ...steam.env(), DATABASE_URL: "", LUDEX_DATA_DIR: server.dataDir, LUDEX_SYNC_BUDGETS: LIFTED, LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "86400" },
      timeout: 120_000,
    });
    const report = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(report.mode).toBe("once");
    expect(report.work.players.fetched).toBeGreaterThan(0);
    const history = (await call(server.base, "/games/730/history", key)).body.data;
    expect(history.players.points.map((p: any) => p.values.value).at(-1)).toBe(123_456);
    expect(history.players.points).toHaveLength(2);
  }, 180_000);
});
