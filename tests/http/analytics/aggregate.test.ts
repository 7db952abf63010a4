import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { expectClose, figures, rawGames, tagged, type Metric, type RawGame } from "./recompute";

// GET /games/aggregate: every figure of a small cohort recomputed from raw games rows.
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

const QUANTILES: [string, number][] = [["p25", 0.25], ["median", 0.5], ["p75", 0.75]];
const OBSERVED: Metric[] = ["reviews", "rating", "price", "ccu"];

function expectGroup(group: any, games: RawGame[], label: string, ratingFloor = 10) {
  expect(group.games, label).toBe(games.length);
  for (const metric of OBSERVED) expectClose(group.observed[metric], figures(games, metric, QUANTILES, ratingFloor), `${label} ${metric}`, expect);
  expectClose(group.estimated.owners, figures(games, "owners", QUANTILES), `${label} owners`, expect);
  expectClose(group.estimated.revenue, figures(games, "revenue", QUANTILES), `${label} revenue`, expect, 0.5);
}

describe("GET /games/aggregate", () => {
  it("by year over a tag cohort: counts, sums, means, medians and quartiles match the rows; denominators add up", async () => {
    const res = await api("/games/aggregate?tags=puzzle&groupBy=year&limit=1000");
    expectSuccess(res, { list: false });
    const rows = await rawGames(db, tagged("puzzle"));
    const d = res.body.data;
    expect(d.denominators.cohortGames).toBe(rows.length);
    expect(d.denominators.cohortGames).toBe((await api("/games/count?tags=puzzle")).body.data.count);
    const withYear = rows.filter((g) => g.release_year !== null);
    expect(d.denominators.groupedGames).toBe(withYear.length);
    expect(d.denominators.ungroupedGames).toBe(rows.length - withYear.length);
    expect(d.groupBy[0]).toMatchObject({ dimension: "year", groupMembership: "single", gamesWithoutKey: rows.length - withYear.length });
    expect(d.denominators.tagged + d.denominators.untagged).toBe(rows.length);
    expect(d.denominators.untagged).toBe(0);
    const years = [...new Set(withYear.map((g) => g.release_year!))].sort((a, b) => a - b);
    expect(d.groups.map((g: any) => g.key.year)).toEqual(years);
    expect(d.denominators.groups).toBe(years.length);
    for (const group of d.groups) expectGroup(group, withYear.filter((g) => g.release_year === group.key.year), `year ${group.key.year}`);
    expect(d.groups.reduce((sum: number, g: any) => sum + g.games, 0)).toBe(withYear.length);
  });

  it("states each metric's kind, unit and basis; observed and estimated figures are separate objects", async () => {
    const d = (await api("/games/aggregate?tags=puzzle&groupBy=primaryTag&limit=5")).body.data;
    expect(Object.keys(d.observedMetrics).sort()).toEqual(["ccu", "price", "rating", "reviews"]);
    expect(Object.keys(d.estimatedMetrics)).toEqual(["owners", "revenue"]);
    expect(d.estimatedMetrics.revenue.kind).toBe("estimate");
    expect(d.estimatedMetrics.owners.kind).toBe("estimate");
    expect(d.observedMetrics.price.unit).toBe("USD cents");
    expect(d.percentileDefinition).toMatch(/percentile_cont/);
    const { rows } = await db.query(
      `SELECT g.sources->'reviews'->>'source' AS source, g.sources->'reviews'->>'observedAt' AS at, count(*)::int AS n
       FROM games g WHERE ${tagged("puzzle")} AND g.reviews_total IS NOT NULL GROUP BY 1, 2`,
    );
    const expected = rows.map((r) => ({ source: r.source, observedAt: r.at, games: r.n })).sort((a, b) => b.games - a.games || a.source.localeCompare(b.source));
    expect(d.observedMetrics.reviews.basis).toEqual(expected);
    for (const group of d.groups) {
      expect(Object.keys(group.observed).sort()).toEqual(["ccu", "price", "rating", "reviews"]);
      expect(Object.keys(group.estimated)).toEqual(["owners", "revenue"]);
    }
  });

  it("by tag: multi membership, each group counts every game carrying the tag", async () => {
    const res = await api("/games/aggregate?tags=puzzle&groupBy=tag&limit=1000&metrics=reviews");
    const d = res.body.data;
    const rows = await rawGames(db, tagged("puzzle"));
    expect(d.groupBy[0].groupMembership).toBe("multi");
    expect(d.denominators.memberships).toBe(rows.reduce((sum, g) => sum + g.tags.length, 0));
    expect(d.denominators.memberships).toBeGreaterThan(d.denominators.groupedGames);
    const puzzle = d.groups.find((g: any) => g.key.tag === "puzzle");
    expect(puzzle.games).toBe(rows.length);
    const casual = d.groups.find((g: any) => g.key.tag === "casual");
    expectClose(casual.observed.reviews, figures(rows.filter((g) => g.tags.includes("casual")), "reviews", QUANTILES), "casual", expect);
    expect(Object.keys(casual.observed)).toEqual(["reviews"]);
    const sizes = d.groups.map((g: any) => g.games);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
  });

  it("by primary tag: single membership, each game once under its top-ranked tag; tagged/untagged split", async () => {
    const d = (await api("/games/aggregate?releasedFrom=2018&releasedTo=2018&groupBy=primaryTag&limit=1000&metrics=rating")).body.data;
    const rows = await rawGames(db, "g.release_date BETWEEN '2018-01-01' AND '2018-12-31'");
    const withTags = rows.filter((g) => g.tags.length > 0);
    expect(d.groupBy[0].groupMembership).toBe("single");
    expect(d.denominators).toMatchObject({ cohortGames: rows.length, tagged: withTags.length, untagged: rows.length - withTags.length, groupedGames: withTags.length, memberships: withTags.length });
    for (const group of d.groups.slice(0, 5)) {
      const members = withTags.filter((g) => g.tags[0] === group.key.primaryTag);
      expect(group.games).toBe(members.length);
      expectClose(group.observed.rating, figures(members, "rating", QUANTILES), group.key.primaryTag, expect);
    }
  });

  it("by explicit price buckets (US dollars): bucket sizes and the non-USD exclusion", async () => {
    const res = await api("/games/aggregate?tags=puzzle&groupBy=price&buckets=price:0,5,10,20&metrics=price");
    const d = res.body.data;
    const rows = await rawGames(db, tagged("puzzle"));
    expect(d.groupBy[0].priceEdgesCents).toEqual([0, 500, 1000, 2000]);
    const usd = rows.filter((g) => g.price_cents !== null && (g.currency === "USD" || g.price_cents === 0));
    const ranges = [[0, 500], [500, 1000], [1000, 2000], [2000, Infinity]];
    const expected = ranges.map(([from, to]) => usd.filter((g) => g.price_cents! >= from && g.price_cents! < to)).filter((games) => games.length > 0);
    expect(d.groups.map((g: any) => g.games)).toEqual(expected.map((games) => games.length));
    expect(d.groups[0]).toMatchObject({ key: { price: "$0.00 to under $5.00" }, priceRange: { fromCents: 0, toCents: 500 } });
    expect(d.groups.at(-1).priceRange.toCents).toBeNull();
    expect(d.denominators.ungroupedGames).toBe(rows.length - usd.length);
    const nonUsd = rows.filter((g) => g.price_cents !== null && g.price_cents !== 0 && g.currency !== "USD").length;
    expect(nonUsd).toBeGreaterThan(0);
    expect(d.groupBy[0].gamesWithoutKey).toBe(rows.length - usd.length);
  });

  it("ratingFloor: excluded games are counted, ratingFloor=0 takes every reviewed game in", async () => {
    const rows = await rawGames(db, tagged("puzzle"));
    const [floor10, floor0] = await Promise.all([
      api("/games/aggregate?tags=puzzle&groupBy=platform&metrics=rating&limit=10"),
      api("/games/aggregate?tags=puzzle&groupBy=platform&metrics=rating&ratingFloor=0&limit=10"),
    ]);
    for (const [res, floor] of [[floor10, 10], [floor0, 0]] as const) {
      expect(res.body.data.ratingFloor).toBe(floor);
      for (const group of res.body.data.groups) {
        const members = rows.filter((g) => g.platforms.includes(group.key.platform));
        expectClose(group.observed.rating, figures(members, "rating", QUANTILES, floor), `${group.key.platform} floor ${floor}`, expect);
      }
    }
    const windows10 = floor10.body.data.groups.find((g: any) => g.key.platform === "windows").observed.rating;
    const windows0 = floor0.body.data.groups.find((g: any) => g.key.platform === "windows").observed.rating;
    expect(windows10.excluded).toBeGreaterThan(0);
    expect(windows0.excluded).toBe(0);
    expect(windows0.n).toBe(windows10.n + windows10.excluded);
  });

  it("two dimensions: year x genre", async () => {
    const d = (await api("/games/aggregate?tags=puzzle&groupBy=year,genre&limit=1000&metrics=reviews")).body.data;
    const rows = await rawGames(db, tagged("puzzle"));
    const both = rows.filter((g) => g.release_year !== null && g.genres.length > 0);
    expect(d.denominators.groupedGames).toBe(both.length);
    expect(d.denominators.memberships).toBe(both.reduce((sum, g) => sum + g.genres.length, 0));
    const group = d.groups.find((g: any) => g.key.year === 2017 && g.key.genre === "Indie");
    expectClose(group.observed.reviews, figures(both.filter((g) => g.release_year === 2017 && g.genres.includes("Indie")), "reviews", QUANTILES), "2017 Indie", expect);
  });

  it("month groups are YYYY-MM in order", async () => {
    const d = (await api("/games/aggregate?tags=puzzle&releasedFrom=2016&releasedTo=2016&groupBy=month&metrics=reviews")).body.data;
    expect(d.groups.map((g: any) => g.key.month)).toEqual([...d.groups.map((g: any) => g.key.month)].sort());
    expect(d.groups.every((g: any) => /^2016-(0[1-9]|1[0-2])$/.test(g.key.month))).toBe(true);
    const rows = await rawGames(db, `${tagged("puzzle")} AND g.release_date BETWEEN '2016-01-01' AND '2016-12-31'`);
    const march = rows.filter((g) => g.release_date!.startsWith("2016-03"));
    expect(d.groups.find((g: any) => g.key.month === "2016-03").games).toBe(march.length);
  });

  it("anonymous: at most 10 groups and the estimates locked", async () => {
    const res = await api("/games/aggregate?groupBy=tag", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta.preview).toBe(true);
    expect(res.body.data.groups.length).toBe(10);
    expect(res.body.data.estimatedMetrics).toBeNull();
    expect(res.body.data.groups.every((g: any) => g.estimated === null)).toBe(true);
  });

  it.each([
    ["tags=puzzel&groupBy=year", 400, "INVALID_TAG", "tags"],
    ["tagsExclude=rogue-lik&groupBy=year", 400, "INVALID_TAG", "tagsExclude"],
    ["", 400, "BAD_REQUEST", "groupBy"],
    ["groupBy=decade", 400, "BAD_REQUEST", "groupBy"],
    ["groupBy=year,tag,genre", 400, "BAD_REQUEST", "groupBy"],
    ["groupBy=year,year", 400, "BAD_REQUEST", "groupBy"],
    ["groupBy=price&buckets=price:10,5", 400, "BAD_REQUEST", "buckets"],
    ["groupBy=price&buckets=reviews:1,2", 400, "BAD_REQUEST", "buckets"],
    ["groupBy=price&buckets=price:a,b", 400, "BAD_REQUEST", "buckets"],
    ["groupBy=year&buckets=price:0,5", 400, "BAD_REQUEST", "buckets"],
    ["groupBy=year&metrics=revenue2", 400, "BAD_REQUEST", "metrics"],
    ["groupBy=year&ratingFloor=-1", 400, "BAD_REQUEST", "ratingFloor"],
    ["groupBy=year&limit=0", 400, "BAD_REQUEST", "limit"],
    ["groupBy=year&releasedFrom=2020&releasedTo=2019", 400, "BAD_REQUEST", "releasedTo"],
  ])("%s -> %s %s naming %s", async (query, status, code, param) => {
    const res = await api(`/games/aggregate?${query}`);
    expectError(res, status, code, param);
    if (code === "INVALID_TAG") expect(Object.values(res.body.error.suggestions)[0]).not.toHaveLength(0);
  });
});
