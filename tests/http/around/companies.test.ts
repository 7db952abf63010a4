import { describe, expect, it } from "vitest";
import { slugify } from "@/lib/market/slugify";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { useDatabase } from "./db";

const sql = useDatabase();

/** Every distinct name in a games column whose slug is `slug`, found from scratch. */
async function namesOf(column: "developers" | "publishers", slug: string): Promise<string[]> {
  const rows = await sql<{ n: string }>(`SELECT DISTINCT n FROM games, unnest(${column}) AS n`);
  return rows.map((r) => r.n).filter((n) => slugify(n) === slug).sort();
}

function median(values: number[]) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

describe("GET /developers/{slug} and /publishers/{slug}", () => {
  it("valve: totals, positive share weighted by reviews and cadence equal to independent SQL", async () => {
    const res = await api("/developers/valve?limit=5");
    expectSuccess(res, { list: false });
    const d = res.body.data;
    const names = await namesOf("developers", "valve");
    expect(d.names.map((n: any) => n.name).sort()).toEqual(names);
    const [t] = await sql(
      `SELECT count(*)::int AS games, count(reviews_total)::int AS reviewed, coalesce(sum(reviews_total), 0)::float8 AS reviews,
         coalesce(sum(reviews_positive) FILTER (WHERE reviews_total IS NOT NULL), 0)::float8 AS positive
       FROM games WHERE developers && $1::text[]`,
      [names],
    );
    expect(d.totals).toMatchObject({ games: t.games, gamesWithReviews: t.reviewed, reviews: t.reviews, positiveReviews: t.positive });
    expect(d.totals.positiveShare).toBeCloseTo(t.positive / t.reviews, 4);
    const years = await sql("SELECT release_year, count(*)::int AS n FROM games WHERE developers && $1::text[] AND release_year IS NOT NULL GROUP BY 1", [names]);
    expect(d.cadence.releasesPerYear).toEqual(Object.fromEntries(years.map((y) => [String(y.release_year), y.n])));
    const days = await sql(
      "SELECT (release_date - DATE '1970-01-01') AS d FROM games WHERE developers && $1::text[] AND release_precision = 'day' ORDER BY release_date",
      [names],
    );
    const gaps = days.slice(1).map((r, i) => r.d - days[i].d);
    expect(d.cadence.dayPrecisionReleases).toBe(days.length);
    expect(d.cadence.medianDaysBetweenReleases).toBe(median(gaps));
    expect(d.games).toMatchObject({ total: t.games, limit: 5, offset: 0, nextOffset: 5, sort: "-reviews" });
    expect(d.games.items[0]).toMatchObject({ appId: 730, name: "Counter-Strike: Global Offensive" });
  });

  it("a slug covers names that differ only in case: square-enix as developer", async () => {
    const names = await namesOf("developers", "square-enix");
    expect(names.length).toBeGreaterThan(1);
    const d = (await api("/developers/square-enix")).body.data;
    expect(d.names.map((n: any) => n.name).sort()).toEqual(names);
    const [{ n }] = await sql("SELECT count(*)::int AS n FROM games WHERE developers && $1::text[]", [names]);
    expect(d.totals.games).toBe(n);
    expect(d.names.reduce((sum: number, x: any) => sum + x.games, 0)).toBeGreaterThanOrEqual(n);
  });

  it("publishers read the publisher lists; pages of games follow the sort", async () => {
    const res = await api("/publishers/square-enix?sort=-releaseDate&limit=10&offset=0");
    expectSuccess(res, { list: false });
    const items = res.body.data.games.items;
    const dates = items.map((g: any) => g.release.date).filter(Boolean);
    expect(dates).toEqual([...dates].sort().reverse());
    const names = await namesOf("publishers", "square-enix");
    const [{ n }] = await sql("SELECT count(*)::int AS n FROM games WHERE publishers && $1::text[]", [names]);
    expect(res.body.data.games.total).toBe(n);
    const next = await api(`/publishers/square-enix?sort=-releaseDate&limit=10&offset=${res.body.data.games.nextOffset}`);
    expect(next.body.data.games.items[0].appId).not.toBe(items[0].appId);
    expect(next.body.data.games.offset).toBe(10);
  });

  it("an unknown slug: NOT_FOUND with suggestions", async () => {
    const res = await api("/developers/valv");
    expectError(res, 404, "NOT_FOUND", "slug");
    expect(res.body.error.suggestions).toContain("valve");
    expectError(await api("/publishers/no-such-publisher-zzq"), 404, "NOT_FOUND", "slug");
  });

  it("bad slugs and parameters: BAD_REQUEST naming them", async () => {
    for (const bad of ["Valve", "val_ve", "-valve", "valve-", "a%20b"]) expectError(await api(`/developers/${bad}`), 400, "BAD_REQUEST", "slug");
    expectError(await api("/developers/valve?sort=price"), 400, "BAD_REQUEST", "sort");
    expectError(await api("/developers/valve?limit=0"), 400, "BAD_REQUEST", "limit");
    expectError(await api("/developers/valve?offset=x"), 400, "BAD_REQUEST", "offset");
    expectError(await api("/developers/valve?q=x"), 400, "BAD_REQUEST", "q");
  });

  it("the anonymous preview shows at most 10 games", async () => {
    const res = await api("/publishers/square-enix?limit=50", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.data.games.items).toHaveLength(10);
    expect(res.body.data.games.limit).toBe(10);
  });
});
