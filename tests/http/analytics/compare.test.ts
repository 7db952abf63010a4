import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { rawGames, valueOf, type Metric, type RawGame } from "./recompute";

// GET /benchmarks/compare: each title's percentile ranks recomputed from raw rows of its own cohort.
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

/** Mid-rank percentile, as documented. */
function midRank(value: number, values: number[]) {
  const below = values.filter((v) => v < value).length;
  const equal = values.filter((v) => v === value).length;
  return (100 * (below + equal / 2)) / values.length;
}

const numbers = (games: RawGame[], metric: Metric, floor = 10) =>
  games.map((g) => valueOf(g, metric, floor)).filter((v): v is number => typeof v === "number");

describe("GET /benchmarks/compare", () => {
  it("ranks each title within its primary tag and release year and within the union, as recomputed from rows", async () => {
    const ids = [730, 570, 440, 620];
    const res = await api(`/benchmarks/compare?appIds=${ids.join(",")}`);
    expectSuccess(res, { list: false });
    const titles = res.body.data.titles;
    expect(titles.map((t: any) => t.appId)).toEqual(ids);
    const self = await rawGames(db, `g.app_id = ANY($1::int[])`, [ids]);
    for (const title of titles) {
      const raw = self.find((g) => g.app_id === title.appId)!;
      expect(title.primaryTag).toBe(raw.tags[0] ?? null);
      expect(title.releaseYear).toBe(raw.release_year);
      expect(title.cohort.basis).toBe("primaryTagAndYear");
      const cohort = await rawGames(
        db,
        `g.release_year = $1 AND (SELECT t.slug FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = g.app_id ORDER BY gt.rank LIMIT 1) = $2`,
        [raw.release_year, raw.tags[0]],
      );
      expect(title.cohort.games).toBe(cohort.length);
      for (const metric of ["reviews", "rating", "price", "ccu", "owners"] as Metric[]) {
        const figure = metric === "owners" ? title.estimated.owners : title.observed[metric];
        const value = valueOf(raw, metric);
        expect(figure.value, `${title.appId} ${metric}`).toBeCloseTo(value as number, 12);
        const values = numbers(cohort, metric);
        expect(figure.cohortN).toBe(values.length);
        expect(figure.cohortRank, `${title.appId} ${metric}`).toBeCloseTo(midRank(value as number, values), 9);
        expect(figure.unionRank).toBeCloseTo(midRank(value as number, numbers(self, metric)), 9);
        expect(figure.source).toMatch(/^steamspy-/);
      }
    }
    for (const title of titles) {
      const raw = self.find((g) => g.app_id === title.appId)!;
      const expected = valueOf(raw, "revenue");
      if (typeof expected === "number") expect(Math.abs(title.estimated.revenue.value - expected)).toBeLessThanOrEqual(0.5);
      else expect(title.estimated.revenue).toMatchObject({ value: null, cohortRank: null });
    }
    // Dota 2 is free to play: the estimates module makes no revenue estimate, and says why
    expect(titles[1].estimated.revenue).toMatchObject({ value: null, reason: expect.stringMatching(/free to play/) });
  });

  it("a title with no tags or no release date falls back, and says so", async () => {
    const { rows } = await db.query(
      `SELECT app_id FROM games g WHERE release_year IS NULL AND reviews_total > 1000 AND NOT EXISTS (SELECT 1 FROM game_tags gt WHERE gt.app_id = g.app_id) ORDER BY app_id LIMIT 1`,
    );
    const res = await api(`/benchmarks/compare?appIds=730,${rows[0].app_id}`);
    const title = res.body.data.titles[1];
    expect(title.cohort.basis).toBe("catalog");
    expect(title.cohort.definition).toMatch(/whole catalog/);
    expect(title.cohort.games).toBe((await db.query("SELECT count(*)::int AS n FROM games")).rows[0].n);
  });

  it("a rating below the floor is null with the reason", async () => {
    const { rows } = await db.query(`SELECT app_id FROM games WHERE reviews_total BETWEEN 1 AND 9 ORDER BY app_id LIMIT 1`);
    const title = (await api(`/benchmarks/compare?appIds=730,${rows[0].app_id}`)).body.data.titles[1];
    expect(title.observed.rating).toMatchObject({ value: null, cohortRank: null, reason: "fewer than 10 reviews (ratingFloor)" });
    const floor0 = (await api(`/benchmarks/compare?appIds=730,${rows[0].app_id}&ratingFloor=0`)).body.data.titles[1];
    expect(floor0.observed.rating.value).not.toBeNull();
  });

  it("unknown ids: NOT_FOUND naming them", async () => {
    const res = await api("/benchmarks/compare?appIds=730,999999999,999999998");
    expectError(res, 404, "NOT_FOUND", "appIds");
    expect(res.body.error.unknownAppIds).toEqual([999999999, 999999998]);
    expect(res.body.error.message).toContain("999999999");
  });

  it.each([
    ["appIds=730,570,730", "appIds", /730/],
    ["appIds=730", "appIds", /at least 2/],
    [`appIds=${Array.from({ length: 21 }, (_, i) => i + 10).join(",")}`, "appIds", /at most 20/],
    ["appIds=730,abc", "appIds", /number/],
    ["appIds=730,-5", "appIds", /./],
    ["", "appIds", /./],
    ["appIds=730,570&tags=indie", "tags", /Unknown parameter/],
  ])("%s -> BAD_REQUEST naming %s", async (query, param, message) => {
    const res = await api(`/benchmarks/compare?${query}`);
    expectError(res, 400, "BAD_REQUEST", param);
    expect(res.body.error.message).toMatch(message);
  });

  it("anonymous: the estimates are locked", async () => {
    const res = await api("/benchmarks/compare?appIds=730,570", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta.preview).toBe(true);
    expect(res.body.data.titles.every((t: any) => t.estimated === null)).toBe(true);
  });
});
