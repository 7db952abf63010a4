import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { expectClose, figures, rawGames, tagged } from "./recompute";

// GET /benchmarks/cohort: a small cohort's distributions, hit rates, years, top titles and coverage
// recomputed from raw games rows.
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

const QUANTILES: [string, number][] = [["p10", 0.1], ["p25", 0.25], ["p50", 0.5], ["p75", 0.75], ["p90", 0.9]];
const WHERE = `${tagged("rogue-like")} AND g.release_date >= '2015-01-01'`;

describe("GET /benchmarks/cohort", () => {
  it("distributions p10..p90 of every metric match percentile_cont recomputed from the rows", async () => {
    const res = await api("/benchmarks/cohort?tags=rogue-like&releasedFrom=2015");
    expectSuccess(res, { list: false });
    const d = res.body.data;
    const rows = await rawGames(db, WHERE);
    expect(d.cohort.games).toBe(rows.length);
    expect(d.cohort.filters).toMatchObject({ tags: ["rogue-like"], releasedFrom: "2015-01-01" });
    for (const metric of ["reviews", "rating", "price", "ccu"] as const) expectClose(d.observed[metric], figures(rows, metric, QUANTILES), metric, expect);
    expectClose(d.estimated.owners, figures(rows, "owners", QUANTILES), "owners", expect);
    expectClose(d.estimated.revenue, figures(rows, "revenue", QUANTILES), "revenue", expect, 0.5);
    expect(d.estimated.revenue.n + d.estimated.revenue.excluded).toBe(d.observed.reviews.n);
    expect(d.metricDefinitions.revenue).toMatchObject({ kind: "estimate", unit: "USD" });
    expect(d.metricDefinitions.revenue.definition).toMatch(/review-model-v6/);
    expect(d.metricDefinitions.owners.kind).toBe("estimate");
    expect(d.metricDefinitions.reviews.basis.reduce((s: number, b: any) => s + b.games, 0)).toBe(d.observed.reviews.n);
  });

  it("hit rates, releases per year, top titles and coverage", async () => {
    const d = (await api("/benchmarks/cohort?tags=rogue-like&releasedFrom=2015&limit=5")).body.data;
    const rows = await rawGames(db, WHERE);
    const reviewed = rows.filter((g) => g.reviews_total !== null);
    const over = (n: number) => reviewed.filter((g) => g.reviews_total! >= n).length;
    expect(d.hitRates.denominator).toBe(reviewed.length);
    expect(d.hitRates.atLeast1k).toEqual({ games: over(1000), share: over(1000) / reviewed.length });
    expect(d.hitRates.atLeast10k).toEqual({ games: over(10000), share: over(10000) / reviewed.length });
    const years = new Map<number, number>();
    for (const g of rows) years.set(g.release_year!, (years.get(g.release_year!) ?? 0) + 1);
    expect(d.releasesPerYear).toEqual([...years].sort((a, b) => a[0] - b[0]).map(([year, games]) => ({ year, games })));
    expect(d.releaseYearUnknown).toBe(0);
    const top = [...reviewed].sort((a, b) => b.reviews_total! - a.reviews_total! || a.app_id - b.app_id).slice(0, 5);
    expect(d.topTitles.map((t: any) => t.appId)).toEqual(top.map((g) => g.app_id));
    expect(d.topTitles[0]).toMatchObject({ name: top[0].name, reviews: top[0].reviews_total, primaryTag: top[0].tags[0] });
    expect(d.coverage).toMatchObject({
      games: rows.length,
      withReviews: reviewed.length,
      withOwners: rows.filter((g) => g.owners_low !== null).length,
      withCcu: rows.filter((g) => g.ccu !== null).length,
      withReleaseYear: rows.length,
      tagged: rows.length,
    });
    expect(d.coverage.tiers.basic + d.coverage.tiers.partial + d.coverage.tiers.full).toBe(rows.length);
  });

  it("whole catalog: the cohort is every game, the rating floor's exclusions are counted", async () => {
    const d = (await api("/benchmarks/cohort")).body.data;
    const { rows } = await db.query(
      `SELECT count(*)::int AS games, count(reviews_total)::int AS reviewed,
              count(*) FILTER (WHERE reviews_total > 0 AND reviews_total < 10)::int AS below_floor,
              count(*) FILTER (WHERE reviews_total >= 10)::int AS rated,
              count(release_year)::int AS dated
       FROM games`,
    );
    expect(d.cohort.games).toBe(rows[0].games);
    expect(d.coverage.withReviews).toBe(rows[0].reviewed);
    expect(d.observed.rating).toMatchObject({ excluded: rows[0].below_floor, n: rows[0].rated });
    expect(d.releasesPerYear.reduce((s: number, y: any) => s + y.games, 0)).toBe(rows[0].dated);
    expect(d.releaseYearUnknown).toBe(rows[0].games - rows[0].dated);
  });

  it("anonymous: the estimates are locked", async () => {
    const res = await api("/benchmarks/cohort?tags=rogue-like", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta).toMatchObject({ preview: true, locked: ["estimated"] });
    expect(res.body.data.estimated).toBeNull();
    expect(res.body.data.observed.reviews.n).toBeGreaterThan(0);
  });

  it.each([
    ["tags=rogue-lik", "INVALID_TAG", "tags"],
    ["tags=rogue-like&tagsExclude=nope-nope", "INVALID_TAG", "tagsExclude"],
    ["ratingFloor=abc", "BAD_REQUEST", "ratingFloor"],
    ["limit=101", "BAD_REQUEST", "limit"],
    ["priceMin=10&priceMax=5", "BAD_REQUEST", "priceMax"],
    ["groupBy=year", "BAD_REQUEST", "groupBy"],
  ])("%s -> %s naming %s", async (query, code, param) => {
    const res = await api(`/benchmarks/cohort?${query}`);
    expectError(res, 400, code, param);
    if (code === "INVALID_TAG") expect(res.body.error.invalidValues.length).toBe(1);
  });
});
