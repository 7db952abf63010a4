// The Steam replay the sync engine's tests run against: real payloads, real limits, scripted faults.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromAddress } from "@/tests/support/from-address";
import { startSteamReplay, type SteamReplay, type SteamReplayOptions } from "@/tests/support/steam-replay";
import { DATA_DIR } from "@/tests/support/steam-replay/catalog";

const REVIEWS_QUERY = "json=1&num_per_page=0&filter=all&language=all&review_type=all&purchase_type=all";
const get = async (url: string) => {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: parse(text) };
};
const parse = (text: string) => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
const realPage = (n: number) => gunzipSync(readFileSync(join(DATA_DIR, "steamspy", "2025-01-01", `page-${n}.json.gz`))).toString("utf8");

/** A replay with a hand-driven clock, so windows, cool-downs and blocks pass without waiting. */
async function timedReplay(options: SteamReplayOptions) {
  const time = { now: 1_750_000_000_000 };
  const replay = await startSteamReplay({ ...options, clock: () => time.now });
  return { replay, time };
}

describe("steam replay: the real payloads", () => {
  let replay: SteamReplay;
  let startMs = 0;
  beforeAll(async () => {
    const started = performance.now();
    replay = await startSteamReplay({ limits: { steamspy: null, steamspyAll: null } });
    startMs = performance.now() - started;
  });
  afterAll(() => replay.close());

  it("reads the catalog quickly and hands the engine its configuration", () => {
    expect(startMs).toBeLessThan(10_000); // about 1.3 s measured; loose for a loaded machine
    expect(replay.env()).toEqual({
      LUDEX_STEAM_STORE_URL: replay.storeUrl,
      LUDEX_STEAM_API_URL: replay.apiUrl,
      LUDEX_STEAMSPY_URL: replay.steamspyUrl,
      STEAM_API_KEY: "test-key",
    });
  });

  it("serves recorded appdetails with a US price, and builds the others in the same shape", async () => {
    const recorded = await get(`${replay.storeUrl}/api/appdetails?appids=10&cc=us&l=english`);
    expect(recorded.body["10"].success).toBe(true);
    expect(recorded.body["10"].data).toMatchObject({ name: "Counter-Strike", steam_appid: 10, release_date: { coming_soon: false, date: "1 Nov, 2000" } });
    expect(recorded.body["10"].data.detailed_description).toContain("number 1 online action game");
    expect(recorded.body["10"].data.price_overview).toEqual({ currency: "USD", initial: 999, final: 199, discount_percent: 80, initial_formatted: "$9.99", final_formatted: "$1.99" });
    const built = (await get(`${replay.storeUrl}/api/appdetails?appids=2500&cc=us&l=english`)).body["2500"].data;
    expect(built).toEqual({
      type: "game",
      name: "Shadowgrounds",
      steam_appid: 2500,
      required_age: 0,
      is_free: false,
      developers: ["Frozenbyte"],
      publishers: ["Frozenbyte"],
      price_overview: { currency: "USD", initial: 699, final: 104, discount_percent: 85, initial_formatted: "$6.99", final_formatted: "$1.04" },
      platforms: { windows: true, mac: true, linux: false },
      genres: [{ id: "1", description: "Action" }],
      release_date: { coming_soon: false, date: "8 May, 2006" },
    });
  });

  it("answers price batches in request order, refuses batches without the filter, and fails unknown apps", async () => {
    const batch = await get(`${replay.storeUrl}/api/appdetails?appids=2500,570,999999999&cc=us&filters=price_overview`);
    expect(batch.text.startsWith('{"2500":')).toBe(true);
    expect(batch.body["570"]).toEqual({ success: true, data: [] });
    expect(batch.body["2500"].data.price_overview.final).toBe(104);
    expect(batch.body["999999999"]).toEqual({ success: false });
    expect(await get(`${replay.storeUrl}/api/appdetails?appids=10,20&cc=us`)).toMatchObject({ status: 400, text: "null" });
    const tooMany = Array.from({ length: 101 }, (_, i) => 10 + i * 10).join(",");
    expect((await get(`${replay.storeUrl}/api/appdetails?appids=${tooMany}&filters=price_overview`)).status).toBe(400);
  });

  it("summarises reviews, short unless purchase_type=all, and zero for an unknown app", async () => {
    const all = (await get(`${replay.storeUrl}/appreviews/220?${REVIEWS_QUERY}`)).body;
    expect(all).toEqual({
      success: 1,
      query_summary: { num_reviews: 0, review_score: 9, review_score_desc: "Overwhelmingly Positive", total_positive: 54855, total_negative: 1761, total_reviews: 56616 },
      reviews: [],
      cursor: "*",
    });
    const steamOnly = (await get(`${replay.storeUrl}/appreviews/220?json=1&num_per_page=0&language=all`)).body.query_summary;
    expect(steamOnly).toMatchObject({ total_positive: Math.floor(54855 * 0.9), total_negative: Math.floor(1761 * 0.9) });
    const unknown = (await get(`${replay.storeUrl}/appreviews/999999999?${REVIEWS_QUERY}`)).body;
    expect(unknown).toMatchObject({ success: 1, query_summary: { total_reviews: 0, review_score_desc: "No user reviews" } });
  });

  it("pages the app list by appid, filters by modification time and refuses a wrong key", async () => {
    const first = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key&max_results=2&include_games=true`)).body.response;
    expect(first).toEqual({
      apps: [
        { appid: 10, name: "Counter-Strike", last_modified: 1735689610, price_change_number: 70 },
        { appid: 20, name: "Team Fortress Classic", last_modified: 1735689620, price_change_number: 140 },
      ],
      have_more_results: true,
      last_appid: 20,
    });
    const next = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key&max_results=1&last_appid=20`)).body.response;
    expect(next.apps[0].appid).toBe(30);
    const recent = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key&max_results=50000&if_modified_since=1735775900`)).body.response;
    expect(recent.apps.length).toBeGreaterThan(0);
    expect(recent.apps.every((app: { last_modified: number }) => app.last_modified > 1735775900)).toBe(true);
    expect(recent.have_more_results).toBeUndefined();
    const denied = await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=wrong&max_results=1`);
    expect(denied.status).toBe(403);
    expect(denied.headers.get("content-type")).toContain("text/html");
  });

  it("lists the tags and current players", async () => {
    const tags = (await get(`${replay.apiUrl}/IStoreService/GetTagList/v1/?key=test-key&language=english`)).body.response;
    expect(tags.tags).toHaveLength(444);
    expect(tags.tags[0]).toEqual({ tagid: 492, name: "Indie" });
    expect(tags.tags.some((tag: { name: string }) => tag.name === "Point & Click")).toBe(true);
    const same = (await get(`${replay.apiUrl}/IStoreService/GetTagList/v1/?key=test-key&have_version_hash=${tags.version_hash}`)).body;
    expect(same).toEqual({ response: { version_hash: tags.version_hash } });
    expect((await get(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=570`)).body).toEqual({ response: { player_count: 547518, result: 1 } });
    const unknown = await get(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=999999999`);
    expect(unknown).toMatchObject({ status: 404, body: { response: { result: 42 } } });
  });

  it("serves SteamSpy's pages as recorded and its appdetails with tags", async () => {
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=0`)).text).toBe(realPage(0));
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=80`)).text).toBe("[]");
    const details = (await get(`${replay.steamspyUrl}/api.php?request=appdetails&appid=2500`)).body;
    expect(details).toMatchObject({ appid: 2500, name: "Shadowgrounds", price: "104", initialprice: "699", discount: "85", ccu: 4, genre: "Action" });
    expect(Object.keys(details.tags)).toEqual(["Action", "Sci-fi", "Top-Down Shooter"]);
    const votes = Object.values(details.tags) as number[];
    expect([...votes].sort((a, b) => b - a)).toEqual(votes);
    expect(replay.count({ host: "steamspy", request: "all" })).toBe(2);
    expect(replay.requests("steamspy").at(-1)).toMatchObject({ appIds: [2500], status: 200, address: "127.0.0.1", limited: false });
  });
});

describe("steam replay: limits", () => {
  it("answers 429 over the limit, then blocks an address that keeps calling through the cool-down", async () => {
    const { replay, time } = await timedReplay({ limits: { store: { requests: 2, windowSeconds: 10 } }, blockSeconds: 60 });
    const url = `${replay.storeUrl}/appreviews/220?${REVIEWS_QUERY}`;
    const answers: Response[] = [];
    for (let i = 0; i < 7; i++) answers.push(await fetch(url));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 429, 429, 429, 429, 403]);
    expect(answers[2].headers.get("retry-after")).toBeNull();
    expect(await answers[2].text()).toBe("");
    expect(replay.blocked("store")).toBe(true);
    expect(replay.blocked("api")).toBe(false);
    expect((await fromAddress(url, "127.0.0.2")).status).toBe(200); // limits are per client address
    time.now += 61_000;
    expect(replay.blocked("store")).toBe(false);
    expect((await fetch(url)).status).toBe(200);
    expect(replay.count({ host: "store", status: 429 })).toBe(4);
    await replay.close();
  });

  it("forgives a client that waits out the cool-down", async () => {
    const { replay, time } = await timedReplay({ limits: { store: { requests: 1, windowSeconds: 5 } } });
    const url = `${replay.storeUrl}/api/appdetails?appids=10`;
    expect([(await fetch(url)).status, (await fetch(url)).status]).toEqual([200, 429]);
    time.now += 5_000;
    expect((await fetch(url)).status).toBe(200);
    await replay.close();
  });

  it("gives a scripted 429 a real one's cool-down", async () => {
    const { replay, time } = await timedReplay({ limits: { api: { requests: 100, windowSeconds: 10 } } });
    const url = `${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=570`;
    replay.fault({ host: "api", kind: { type: "rate" } });
    expect([(await fetch(url)).status, (await fetch(url)).status]).toEqual([429, 429]);
    time.now += 10_000;
    expect((await fetch(url)).status).toBe(200);
    await replay.close();
  });

  it("throttles SteamSpy its own way, with a separate budget for request=all", async () => {
    const { replay, time } = await timedReplay({});
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=1`)).status).toBe(200);
    expect((await get(`${replay.steamspyUrl}/api.php?request=appdetails&appid=10`)).body.appid).toBe(10);
    const throttled = await get(`${replay.steamspyUrl}/api.php?request=appdetails&appid=20`);
    expect(throttled).toMatchObject({ status: 200, text: "Connection failed: Too many connections" });
    expect(replay.count({ host: "steamspy", limited: true })).toBe(1);
    time.now += 30_000;
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=2`)).text).toBe("Connection failed: Too many connections");
    await replay.close();
  });

  it("measures the busiest window", async () => {
    const { replay, time } = await timedReplay({ limits: { api: { requests: 100, windowSeconds: 1 } } });
    for (const at of [0, 100, 900, 1000, 1500, 3000]) {
      time.now = 1_750_000_000_000 + at;
      await fetch(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=570`);
    }
    expect(replay.maxInWindow("api")).toBe(3);
    expect(replay.maxInWindow("api", undefined, 2)).toBe(5);
    expect(replay.maxInWindow("api", replay.requests("api").slice(3))).toBe(2);
    expect(replay.maxInWindow("steamspyAll")).toBe(0);
    await replay.close();
  });
});

describe("steam replay: faults and changes", () => {
  let replay: SteamReplay;
  beforeAll(async () => {
    replay = await startSteamReplay({ apps: [10, 570, 2500, 220], limits: { store: null, api: null, steamspy: null, steamspyAll: null } });
  });
  afterAll(() => replay.close());

  it("scripts status, body, rate and reset faults, in order and by match", async () => {
    replay.reset();
    replay.fault({ host: "store", match: { appId: 570 }, kind: { type: "status", status: 503 }, times: 2 });
    replay.fault({ host: "steamspy", match: { page: 0 }, kind: { type: "body", body: "<html>error</html>" } });
    replay.fault({ host: "api", match: { path: "/ISteamUserStats/" }, kind: { type: "rate" } });
    replay.fault({ host: "api", kind: { type: "reset" } });
    const details = (id: number) => fetch(`${replay.storeUrl}/api/appdetails?appids=${id}`).then((res) => res.status);
    expect([await details(10), await details(570), await details(570), await details(570)]).toEqual([200, 503, 503, 200]);
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=0`)).text).toBe("<html>error</html>");
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=0`)).text).not.toBe("<html>error</html>");
    expect((await fetch(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=570`)).status).toBe(429);
    await expect(fetch(`${replay.apiUrl}/IStoreService/GetTagList/v1/?key=test-key`)).rejects.toThrow();
    expect(replay.requests("api").map((request) => [request.status, request.limited])).toEqual([[429, true], [0, false]]);
  });

  it("scripts a truncated body and a delay that outlasts the client's timeout", async () => {
    replay.fault({ host: "store", kind: { type: "truncate" } });
    const cut = await fetch(`${replay.storeUrl}/api/appdetails?appids=10`);
    expect(Number(cut.headers.get("content-length"))).toBeGreaterThan(1000);
    await expect(cut.text()).rejects.toThrow();
    replay.fault({ host: "store", match: { path: /^\/appreviews\// }, kind: { type: "delay", ms: 1500 } });
    const started = performance.now();
    await expect(fetch(`${replay.storeUrl}/appreviews/220?${REVIEWS_QUERY}`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("serves only the chosen apps, on every host", async () => {
    const list = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key`)).body.response;
    expect(list.apps.map((app: { appid: number }) => app.appid)).toEqual([10, 220, 570, 2500]);
    const page = (await get(`${replay.steamspyUrl}/api.php?request=all&page=0`)).body;
    expect(Object.keys(page).sort()).toEqual(["10", "220", "2500", "570"]);
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=1`)).text).toBe("[]");
    expect((await get(`${replay.storeUrl}/api/appdetails?appids=730`)).body).toEqual({ "730": { success: false } });
  });

  it("shows an update on the next request, stamping what changed", async () => {
    const before = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key`)).body.response.apps[3];
    replay.update(2500, { name: "Shadowgrounds Remastered", price: { initial: 1999, final: 999, discount: 50 }, reviews: { positive: 100, negative: 0 }, players: 77, tags: { Action: 10 } });
    const after = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key&if_modified_since=${before.last_modified}`)).body.response.apps;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ appid: 2500, name: "Shadowgrounds Remastered" });
    expect(after[0].last_modified).toBeGreaterThan(before.last_modified);
    expect(after[0].price_change_number).toBeGreaterThan(before.price_change_number);
    const price = (await get(`${replay.storeUrl}/api/appdetails?appids=2500&filters=price_overview`)).body["2500"].data.price_overview;
    expect(price).toMatchObject({ initial: 1999, final: 999, discount_percent: 50, final_formatted: "$9.99" });
    const reviews = (await get(`${replay.storeUrl}/appreviews/2500?${REVIEWS_QUERY}`)).body.query_summary;
    expect(reviews).toMatchObject({ total_positive: 100, total_negative: 0, review_score_desc: "Very Positive" });
    expect((await get(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=2500`)).body.response.player_count).toBe(77);
    expect((await get(`${replay.steamspyUrl}/api.php?request=all&page=0`)).body["2500"]).toMatchObject({ name: "Shadowgrounds Remastered", price: "999" });
    expect((await get(`${replay.steamspyUrl}/api.php?request=appdetails&appid=2500`)).body.tags).toEqual({ Action: 10 });
  });

  it("takes an app off the store", async () => {
    replay.setUnavailable(220, true);
    expect((await get(`${replay.storeUrl}/api/appdetails?appids=220`)).body).toEqual({ "220": { success: false } });
    expect((await get(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=220`)).status).toBe(404);
    expect((await get(`${replay.storeUrl}/appreviews/220?${REVIEWS_QUERY}`)).body.query_summary.total_reviews).toBe(0);
    const list = (await get(`${replay.apiUrl}/IStoreService/GetAppList/v1/?key=test-key`)).body.response.apps;
    expect(list.map((app: { appid: number }) => app.appid)).not.toContain(220);
    replay.setUnavailable(220, false);
    expect((await get(`${replay.storeUrl}/api/appdetails?appids=220`)).body["220"].success).toBe(true);
  });
});
