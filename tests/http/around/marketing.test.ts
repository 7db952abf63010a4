import { beforeAll, describe, expect, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { useDatabase } from "./db";

const sql = useDatabase();
const CIV6 = 289070; // rank-1 tag 'strategy', released 2016: a cohort of a few hundred games

function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The cohort's rows from scratch: games whose rank-1 tag is `tag`, optionally of one release year. */
const cohortRows = (tag: string, year: number | null) =>
  sql(
    `SELECT g.app_id, coalesce(g.initial_price_cents, g.price_cents) AS price, g.currency, g.release_date, g.release_precision,
       g.platforms, g.sources ? 'platforms' AS has_platforms
     FROM games g JOIN game_tags gt ON gt.app_id = g.app_id AND gt.rank = 1 JOIN tags t ON t.id = gt.tag_id
     WHERE t.slug = $1 AND ($2::int IS NULL OR g.release_year = $2)`,
    [tag, year],
  );

let analysis: any;
beforeAll(async () => {
  const res = await api(`/games/${CIV6}/marketing/analysis`);
  expectSuccess(res, { list: false });
  analysis = res.body.data;
});

describe("GET /games/{appId}/marketing/analysis", () => {
  it("names the cohort: rank-1 tag and release year, as game_tags and games have them", async () => {
    const [row] = await sql(
      "SELECT t.slug, g.release_year FROM games g JOIN game_tags gt ON gt.app_id = g.app_id AND gt.rank = 1 JOIN tags t ON t.id = gt.tag_id WHERE g.app_id = $1",
      [CIV6],
    );
    expect(analysis.cohort).toMatchObject({ primaryTag: { slug: row.slug }, releaseYear: row.release_year, reason: null });
  });

  it("price percentile, quartiles and cohort size, recomputed from the rows (same year and all years)", async () => {
    const p = analysis.pricePositioning;
    const [own] = await sql("SELECT coalesce(initial_price_cents, price_cents) AS price, currency FROM games WHERE app_id = $1", [CIV6]);
    expect(p.fullPriceCents).toBe(own.price);
    for (const [key, year] of [["sameYear", analysis.cohort.releaseYear], ["allYears", null]] as const) {
      const prices = (await cohortRows(analysis.cohort.primaryTag.slug, year)).filter((r) => r.price !== null && r.currency === own.currency).map((r) => r.price);
      const cheaper = prices.filter((x) => x < own.price).length;
      const same = prices.filter((x) => x === own.price).length;
      expect(p[key].size, key).toBe(prices.length);
      expect(p[key].small).toBe(prices.length < 20);
      expect(p[key].percentile, key).toBeCloseTo((100 * (cheaper + same / 2)) / prices.length, 1);
      expect(p[key].quartilesCents.median, key).toBeCloseTo(median(prices), 6);
      expect(p[key].freeShare, key).toBeCloseTo(prices.filter((x) => x === 0).length / prices.length, 4);
    }
    expect(p.sameYear.size).toBeGreaterThan(100);
  });

  it("launch timing: the cohort's releases by month, from the rows", async () => {
    const t = analysis.launchTiming;
    const rows = (await cohortRows(analysis.cohort.primaryTag.slug, analysis.cohort.releaseYear)).filter((r) =>
      ["day", "month"].includes(r.release_precision),
    );
    const byMonth = Array.from({ length: 12 }, (_, m) => rows.filter((r) => new Date(r.release_date).getMonth() === m).length);
    expect(t.sameYear.releasesByMonth).toEqual(byMonth);
    expect(t.sameYear.size).toBe(rows.length);
    expect(t.month).toBe(10); // Civilization VI: 2016-10-20
    expect(t.sameYear.releasesInGameMonth).toBe(byMonth[9]);
    expect(t.sameYear.busierMonths).toBe(byMonth.filter((n) => n > byMonth[9]).length);
  });

  it("tag competitiveness: per tag, games, median reviews and hit share over games with reviews", async () => {
    const tags = analysis.tagCompetitiveness.tags;
    expect(analysis.tagCompetitiveness.hitThreshold).toBe(1000);
    const own = await sql("SELECT t.slug, gt.rank FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = $1 ORDER BY gt.rank", [CIV6]);
    expect(tags.map((t: any) => [t.slug, t.rank])).toEqual(own.map((r) => [r.slug, r.rank]));
    for (const tag of tags.slice(0, 3)) {
      const rows = await sql(
        "SELECT g.reviews_total FROM game_tags gt JOIN tags t ON t.id = gt.tag_id JOIN games g ON g.app_id = gt.app_id WHERE t.slug = $1",
        [tag.slug],
      );
      const reviewed = rows.map((r) => r.reviews_total).filter((x) => x !== null);
      expect(tag.games, tag.slug).toBe(rows.length);
      expect(tag.gamesWithReviews, tag.slug).toBe(reviewed.length);
      expect(tag.medianReviews, tag.slug).toBeCloseTo(median(reviewed), 6);
      expect(tag.hits, tag.slug).toBe(reviewed.filter((x) => x >= 1000).length);
      expect(tag.hitShare, tag.slug).toBeCloseTo(tag.hits / reviewed.length, 4);
    }
  });

  it("platform reach: the cohort's share per platform among games with platforms collected", async () => {
    const rows = (await cohortRows(analysis.cohort.primaryTag.slug, analysis.cohort.releaseYear)).filter((r) => r.has_platforms);
    const r = analysis.platformReach;
    expect(r.sameYear.size).toBe(rows.length);
    for (const platform of ["windows", "mac", "linux"]) {
      expect(r.sameYear.share[platform], platform).toBeCloseTo(rows.filter((x) => x.platforms.includes(platform)).length / rows.length, 4);
    }
    expect(r.platforms).toContain("windows");
  });

  it("review trajectory, peers and estimates are those of /history, /similar and the game detail", async () => {
    const [history, similar, detail] = await Promise.all([
      api(`/games/${CIV6}/history`),
      api(`/games/${CIV6}/similar?limit=5`),
      api(`/games/${CIV6}`),
    ]);
    expect(analysis.reviewTrajectory).toEqual(history.body.data.reviews);
    expect(analysis.peers).toEqual(similar.body.data);
    expect(analysis.estimates).toEqual(detail.body.data.estimates);
    expect(analysis.estimates.sales).toMatchObject({ unit: "copies", interval: 0.8 });
    expect(analysis.estimates.sales.low).toBeLessThanOrEqual(analysis.estimates.sales.value);
    expect(analysis.reviews.total).toBe(detail.body.data.reviews.total);
  });

  it("a game without tags: no cohort, null figures with reasons, a NO_COHORT warning, still its estimates", async () => {
    const [{ app_id }] = await sql(
      "SELECT app_id FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_tags t WHERE t.app_id = g.app_id) AND reviews_total > 1000 AND NOT coalesce(is_free, false) ORDER BY reviews_total DESC LIMIT 1",
    );
    const res = await api(`/games/${app_id}/marketing/analysis`);
    expectSuccess(res, { list: false });
    const a = res.body.data;
    expect(a.cohort.primaryTag).toBeNull();
    expect(a.cohort.reason).toMatch(/tags/);
    expect(a.pricePositioning).toMatchObject({ sameYear: null, allYears: null });
    expect(a.pricePositioning.reason).toMatch(/tags/);
    expect(a.tagCompetitiveness.tags).toEqual([]);
    expect(a.peers).toEqual([]);
    expect(a.estimates.sales.value).toBeGreaterThan(0);
    expect(res.body.warnings.map((w: any) => w.code)).toContain("NO_COHORT");
  });

  it("a small same-year cohort is flagged, with a SMALL_COHORT warning", async () => {
    const res = await api("/games/413150/marketing/analysis"); // Stardew Valley: 'farming-sim' in 2016
    expectSuccess(res, { list: false });
    expect(res.body.data.pricePositioning.sameYear.small).toBe(true);
    expect(res.body.data.pricePositioning.allYears.size).toBeGreaterThan(res.body.data.pricePositioning.sameYear.size);
    expect(res.body.warnings.map((w: any) => w.code)).toContain("SMALL_COHORT");
  });

  it("the anonymous preview locks the estimates only", async () => {
    const res = await api(`/games/${CIV6}/marketing/analysis`, { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta.locked).toEqual(["estimates"]);
    expect(res.body.data.estimates).toBeNull();
    expect(res.body.data.pricePositioning).toEqual(analysis.pricePositioning);
  });

  it("unknown app id: NOT_FOUND; bad ids and unknown parameters: BAD_REQUEST", async () => {
    expectError(await api("/games/999999999/marketing/analysis"), 404, "NOT_FOUND", "appId");
    for (const bad of ["x", "0", "-1", "3.5"]) expectError(await api(`/games/${bad}/marketing/analysis`), 400, "BAD_REQUEST", "appId");
    expectError(await api(`/games/${CIV6}/marketing/analysis?year=2016`), 400, "BAD_REQUEST", "year");
  });
});
