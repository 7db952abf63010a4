import { describe, expect, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { useDatabase } from "./db";

const sql = useDatabase();

describe("GET /games/resolve", () => {
  it("finds Counter-Strike titles: the exact title first, each candidate with its match, score, year and reviews", async () => {
    const res = await api("/games/resolve?q=counter%20strike&limit=10");
    expectSuccess(res, { list: true });
    const [first, ...rest] = res.body.data;
    expect(first).toMatchObject({ appId: 10, name: "Counter-Strike", match: "exact", score: 1, releaseYear: 2000 });
    expect(res.body.data.map((c: any) => c.appId)).toEqual(expect.arrayContaining([730, 240]));
    for (const c of rest) expect(["prefix", "substring", "similar"]).toContain(c.match);
    const [row] = await sql("SELECT reviews_total, release_year FROM games WHERE app_id = 730");
    expect(res.body.data.find((c: any) => c.appId === 730)).toMatchObject({ reviewsTotal: row.reviews_total, releaseYear: row.release_year });
  });

  it("ranks and counts exactly like GET /games?q= (one search, not two)", async () => {
    for (const q of ["portal", "dark souls", "stardew", "witcher 3"]) {
      const [resolved, listed] = await Promise.all([
        api(`/games/resolve?q=${encodeURIComponent(q)}&limit=20`),
        api(`/games?q=${encodeURIComponent(q)}&limit=20&fields=name`),
      ]);
      expect(resolved.body.data.map((c: any) => c.appId), q).toEqual(listed.body.data.map((g: any) => g.appId));
      expect(resolved.body.pagination.total, q).toBe(listed.body.pagination.total);
    }
  });

  it("counts every candidate, and scores are pg_trgm word similarity, recomputed in SQL", async () => {
    const res = await api("/games/resolve?q=portal&limit=100");
    const [{ n }] = await sql(
      "SELECT count(*)::int AS n FROM games WHERE lower(name) LIKE '%portal%' OR 'portal' <% lower(name)",
    );
    expect(res.body.pagination.total).toBe(n);
    const ids = res.body.data.slice(0, 20).map((c: any) => c.appId);
    const rows = await sql("SELECT app_id, word_similarity('portal', lower(name))::float8 AS s FROM games WHERE app_id = ANY($1)", [ids]);
    for (const row of rows) {
      expect(res.body.data.find((c: any) => c.appId === row.app_id).score).toBeCloseTo(row.s, 3);
    }
  });

  it("labels match kinds: a misspelling is `similar`, a word inside a title `substring`", async () => {
    const misspelt = await api("/games/resolve?q=stardew%20valey&limit=3");
    expect(misspelt.body.data[0]).toMatchObject({ name: "Stardew Valley", match: "similar" });
    expect(misspelt.body.data[0].score).toBeGreaterThan(0.5);
    expect(misspelt.body.data[0].score).toBeLessThan(1);
    const inner = await api("/games/resolve?q=global%20offensive&limit=5");
    expect(inner.body.data.find((c: any) => c.appId === 730)).toMatchObject({ match: "substring" });
  });

  it("pages with nextOffset; an unknown title is an empty list", async () => {
    const first = await api("/games/resolve?q=dark&limit=5");
    const second = await api(`/games/resolve?q=dark&limit=5&offset=${first.body.pagination.nextOffset}`);
    expectSuccess(second, { list: true });
    expect(second.body.data[0].appId).not.toBe(first.body.data[0].appId);
    const none = await api("/games/resolve?q=zzqxjvwkq");
    expectSuccess(none, { list: true });
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination.total).toBe(0);
  });

  it("without q, or with a bad parameter: BAD_REQUEST naming it", async () => {
    expectError(await api("/games/resolve"), 400, "BAD_REQUEST", "q");
    expectError(await api("/games/resolve?q="), 400, "BAD_REQUEST", "q");
    expectError(await api("/games/resolve?q=%20%20"), 400, "BAD_REQUEST", "q");
    expectError(await api(`/games/resolve?q=${"a".repeat(201)}`), 400, "BAD_REQUEST", "q");
    expectError(await api("/games/resolve?q=portal&limit=0"), 400, "BAD_REQUEST", "limit");
    expectError(await api("/games/resolve?q=portal&limit=101"), 400, "BAD_REQUEST", "limit");
    expectError(await api("/games/resolve?q=portal&offset=-1"), 400, "BAD_REQUEST", "offset");
    expectError(await api("/games/resolve?q=portal&name=x"), 400, "BAD_REQUEST", "name");
  });

  it("anonymous callers get at most 10 candidates", async () => {
    const res = await api("/games/resolve?q=the&limit=50", { token: null });
    expectSuccess(res, { list: true });
    expect(res.body.meta.preview).toBe(true);
    expect(res.body.data).toHaveLength(10);
  });
});
