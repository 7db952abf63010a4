// The sync's pure rules: which observation may replace which, budgets from the environment, discount periods
// and steps of a daily series, and how each source's answer becomes an observation.
import { describe, expect, it } from "vitest";
import { mayReplace } from "@/lib/market/field-families";
import { discountPeriods } from "@/lib/market/history/discount-periods";
import type { SnapshotRow } from "@/lib/market/history/game-history";
import { thinToStep } from "@/lib/market/history/history-step";
import { observePrice, observeStorePage, observeSteamSpy } from "@/lib/sync/observe-answers";
import { DEFAULT_BUDGETS, slotSeconds, syncConfig } from "@/lib/sync/sync-config";

const row = (observed_on: string, source: string, price: number | null, discount: number | null, initial: number | null = 1999): SnapshotRow => ({
  source, observed_on, price_cents: price, discount_percent: discount, initial_price_cents: initial,
  reviews_positive: null, reviews_negative: null, owners_low: null, owners_high: null, ccu: null, players: null,
});

describe("mayReplace: a field never takes an older observation", () => {
  const stored = { source: "steamspy", observedAt: "2026-11-20" };
  it("a later day replaces, an earlier day never does", () => {
    expect(mayReplace("reviews", stored, { source: "steamspy", observedAt: "2026-11-21" })).toBe(true);
    expect(mayReplace("reviews", stored, { source: "steam-appreviews", observedAt: "2026-11-19" })).toBe(false);
    expect(mayReplace("reviews", { source: "steamspy-2025-01-01", observedAt: "2025-01-01" }, { source: "steamspy-2023-02-04", observedAt: "2023-02-04" })).toBe(false);
  });
  it("on the same day Steam's own answer wins over SteamSpy's copy, never the reverse", () => {
    expect(mayReplace("reviews", stored, { source: "steam-appreviews", observedAt: "2026-11-20" })).toBe(true);
    expect(mayReplace("reviews", { source: "steam-appreviews", observedAt: "2026-11-20" }, { source: "steamspy", observedAt: "2026-11-20" })).toBe(false);
    expect(mayReplace("catalog", { source: "steam-store", observedAt: "2026-11-20" }, { source: "steam-applist", observedAt: "2026-11-20" })).toBe(false);
    expect(mayReplace("price", { source: "steam-store", observedAt: "2026-11-20" }, { source: "steam-store", observedAt: "2026-11-20" })).toBe(true);
  });
  it("a lower-ranked source replaces a higher one only once that observation is older than its refresh interval", () => {
    const steam = { source: "steam-appreviews", observedAt: "2026-11-20" };
    // SteamSpy walks daily, Steam's totals of the long tail come weekly: six days in seven SteamSpy must not win
    expect(mayReplace("reviews", steam, { source: "steamspy", observedAt: "2026-11-27" })).toBe(false);
    expect(mayReplace("reviews", steam, { source: "steamspy", observedAt: "2026-11-29" })).toBe(true);
    const store = { source: "steam-store", observedAt: "2026-11-20" };
    expect(mayReplace("price", store, { source: "steamspy", observedAt: "2026-11-21" })).toBe(false);
    expect(mayReplace("price", store, { source: "steamspy", observedAt: "2026-11-23" })).toBe(true);
    expect(mayReplace("catalog", store, { source: "steamspy", observedAt: "2026-12-15" })).toBe(false);
    // a source not ranked (the bundled snapshots) never keeps a newer observation out
    expect(mayReplace("reviews", { source: "steamspy-2025-01-01", observedAt: "2025-01-01" }, { source: "steamspy", observedAt: "2026-11-20" })).toBe(true);
  });
  it("a family never stored takes any observation", () => {
    expect(mayReplace("players", undefined, { source: "steam-players", observedAt: "2026-11-20" })).toBe(true);
  });
});

describe("budgets", () => {
  it("defaults are the sources' rules, slots spaced wider than the window needs by half a percent, at least 0.25 s", () => {
    expect(syncConfig({}).budgets).toEqual(DEFAULT_BUDGETS);
    expect(slotSeconds(DEFAULT_BUDGETS.store)).toBeCloseTo(1.5075, 6);
    // 200 slots span more than the 300 s window by 1.5 s: no window holds a 201st request, even a little late
    expect(slotSeconds(DEFAULT_BUDGETS.store) * 200 - 300).toBeCloseTo(1.5, 6);
    // the store's budget is used to within 1%
    expect(300 / slotSeconds(DEFAULT_BUDGETS.store)).toBeGreaterThan(198);
    // a short window gets the quarter second: SteamSpy's 1 a second is 1 per 1.25 s
    expect(slotSeconds(DEFAULT_BUDGETS.steamspy)).toBeCloseTo(1.25, 6);
    expect(slotSeconds(DEFAULT_BUDGETS.steamspyAll)).toBeCloseTo(60.3, 6);
  });
  it("LUDEX_SYNC_BUDGETS overrides some hosts; a bad value stops the sync naming what is wrong", () => {
    const config = syncConfig({ LUDEX_SYNC_BUDGETS: '{"store":{"requests":100,"windowSeconds":300}}' });
    expect(config.budgets.store).toEqual({ requests: 100, windowSeconds: 300 });
    expect(config.budgets.api).toEqual(DEFAULT_BUDGETS.api);
    expect(() => syncConfig({ LUDEX_SYNC_BUDGETS: "{nope" })).toThrow(/LUDEX_SYNC_BUDGETS is not JSON/);
    expect(() => syncConfig({ LUDEX_SYNC_BUDGETS: '{"stor":{"requests":1,"windowSeconds":1}}' })).toThrow(/keys: store, api, steamspy, steamspyAll/);
    expect(() => syncConfig({ LUDEX_SYNC_BUDGETS: '{"store":{"requests":0,"windowSeconds":1}}' })).toThrow(/store.requests/);
    expect(() => syncConfig({ LUDEX_STEAM_STORE_URL: "ftp://x" })).toThrow(/LUDEX_STEAM_STORE_URL/);
  });
  it("the test clock shift is ignored in a production deployment", () => {
    expect(syncConfig({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "86400" }).clockShiftSeconds).toBe(86400);
    const saved = process.env.LUDEX_ENV;
    process.env.LUDEX_ENV = "production";
    try {
      expect(syncConfig({ LUDEX_SYNC_CLOCK_SHIFT_SECONDS: "86400" }).clockShiftSeconds).toBe(0);
    } finally {
      if (saved === undefined) delete process.env.LUDEX_ENV;
      else process.env.LUDEX_ENV = saved;
    }
  });
});

describe("discount periods from daily price points", () => {
  it("a sale is bounded by the observations around its start and end", () => {
    const periods = discountPeriods([
      row("2026-11-01", "steam-store", 1999, 0),
      row("2026-11-02", "steam-store", 999, 50),
      row("2026-11-03", "steam-store", 999, 50),
      row("2026-11-05", "steam-store", 1999, 0),
    ]);
    expect(periods).toEqual([
      { percent: 50, priceCents: 999, initialCents: 1999, startedAfter: "2026-11-01", firstSeenOn: "2026-11-02", lastSeenOn: "2026-11-03", endedOn: "2026-11-05", ongoing: false, source: "steam-store" },
    ]);
  });
  it("a deeper cut is a new period starting where the last ended; an open one is ongoing; the store's check wins a day SteamSpy also saw", () => {
    const periods = discountPeriods([
      row("2026-11-01", "steamspy", 1999, 0),
      row("2026-11-02", "steamspy", 1499, 25),
      row("2026-11-02", "steam-store", 999, 50),
      row("2026-11-04", "steam-store", 499, 75),
    ]);
    expect(periods.map((p) => [p.percent, p.startedAfter, p.firstSeenOn, p.endedOn, p.ongoing, p.source])).toEqual([
      [50, "2026-11-01", "2026-11-02", "2026-11-04", false, "steam-store"],
      [75, "2026-11-02", "2026-11-04", null, true, "steam-store"],
    ]);
  });
  it("points without a known discount say nothing about sales", () => {
    expect(discountPeriods([row("2025-01-01", "steamspy-2025-01-01", 999, null)])).toEqual([]);
  });
});

describe("steps of a daily series", () => {
  const days = ["2026-11-02", "2026-11-03", "2026-11-08", "2026-11-09", "2026-12-01"].map((d) => row(d, "steam-store", 1, 0));
  it("week keeps each ISO week's last observation, month each month's, with their own dates", () => {
    // 2026-11-02 is a Monday: the 2nd, 3rd and 8th are one week, the 9th starts the next
    expect(thinToStep(days, "week").map((r) => r.observed_on)).toEqual(["2026-11-08", "2026-11-09", "2026-12-01"]);
    expect(thinToStep(days, "month").map((r) => r.observed_on)).toEqual(["2026-11-09", "2026-12-01"]);
    expect(thinToStep(days, "day")).toHaveLength(5);
  });
});

describe("answers as observations", () => {
  it("a store page: families as ingestion merges them, a free game priced 0, no price when the page has none", () => {
    const obs = observeStorePage(10, "2026-11-28", {
      name: "Counter-Strike", type: "game", is_free: false, developers: ["Valve"], publishers: ["Valve"],
      price_overview: { currency: "USD", initial: 999, final: 199, discount_percent: 80 },
      platforms: { windows: true, mac: true, linux: false }, genres: [{ id: "1", description: "Action" }],
      release_date: { coming_soon: false, date: "1 Nov, 2000" },
    });
    expect(obs.families.price).toEqual({ cents: 199, initialCents: 999, currency: "USD", discountPercent: 80, isFree: false });
    expect(obs.snapshot).toEqual({ priceCents: 199, initialPriceCents: 999, discountPercent: 80 });
    expect(obs.families.release).toMatchObject({ date: "2000-11-01", precision: "day", text: "1 Nov, 2000" });
    expect(obs.families.platforms).toEqual(["windows", "mac"]);
    expect(obs.type).toBe("game");
    const free = observeStorePage(570, "2026-11-28", { name: "Dota 2", is_free: true });
    expect(free.families.price).toMatchObject({ cents: 0, isFree: true });
    const unpriced = observeStorePage(1, "2026-11-28", { name: "Soon", is_free: false, release_date: { coming_soon: true, date: "" } });
    expect(unpriced.families.price).toBeUndefined();
    expect(unpriced.families.release).toEqual({ date: null, precision: "unknown", year: null, text: "Coming soon" });
  });
  it("a price in another currency is kept on the game but not in the US series", () => {
    const obs = observePrice(10, "2026-11-28", { currency: "EUR", initial: 999, final: 999, discountPercent: 0 });
    expect(obs.families.price?.currency).toBe("EUR");
    expect(obs.snapshot).toBeUndefined();
  });
  it("SteamSpy: playtime 0 is not collected, never zero minutes", () => {
    const obs = observeSteamSpy(
      { appId: 10, name: "CS", developers: ["Valve"], publishers: ["Valve"], positive: 10, negative: 2, ownersLow: 1, ownersHigh: 2, ccu: 5, priceCents: 0, initialPriceCents: 0, discountPercent: 0, playtimeAvg: 0, playtimeMedian: 0 },
      "2026-11-28",
    );
    expect(obs.families.playtime).toBeUndefined();
    expect(obs.families.price?.isFree).toBe(true);
    expect(obs.snapshot).toMatchObject({ reviewsPositive: 10, reviewsNegative: 2, ccu: 5 });
  });
});
