import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../support/http";

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

const sqlCount = async (where: string, params: unknown[] = []) =>
  (await db.query(`SELECT count(*)::int AS n FROM games g WHERE ${where}`, params)).rows[0].n;

async function walk(path: string) {
  const items: any[] = [];
  let offset: number | undefined = 0;
  let total = 0;
  while (offset !== undefined) {
    const res: any = await api(`${path}&limit=100&offset=${offset}`);
    expect(res.status).toBe(200);
    items.push(...res.body.data);
    total = res.body.pagination.total;
    offset = res.body.pagination.nextOffset;
  }
  return { items, total };
}

describe("GET /games/{appId}", () => {
  it("returns real facts with sources, and null for what was not collected", async () => {
    const dota = (await api("/games/570")).body.data;
    expect(dota).toMatchObject({ appId: 570, name: "Dota 2", developers: ["Valve"], coverage: "full" });
    expect(dota.release).toMatchObject({ date: "2013-07-09", precision: "day", year: 2013 });
    expect(dota.reviews.total).toBe(dota.reviews.positive + dota.reviews.negative);
    expect(dota.reviews.label).toBe("Very Positive");
    expect(dota.sources.reviews).toEqual({ source: "steamspy-2025-01-01", observedAt: "2025-01-01" });
    expect(dota.tags[0].rank).toBe(1);
    expect(dota.reviewTexts.collected).toBeGreaterThan(0);
    expect(dota.snapshots.map((s: any) => s.source)).toContain("steamspy-2025-01-01");
    const tracked = (await db.query("SELECT app_id FROM snapshots GROUP BY app_id HAVING count(*) = 3 ORDER BY app_id LIMIT 1")).rows[0].app_id;
    const series = (await api(`/games/${tracked}`)).body.data.snapshots.map((s: any) => `${s.source}@${s.observedAt}`);
    expect(series).toEqual(["steam-review-stats-2021@2018-07-01", "steamspy-2023-02-04@2023-02-04", "steamspy-2025-01-01@2025-01-01"]);
    expect((await api("/games/730")).body.data.name).toBe("Counter-Strike: Global Offensive");
  });

  it("marks a catalog-only game basic, with null families and no zeros for them", async () => {
    // One game of this kind has tags (basic: tags without a release date), so the pick excludes tags and is ordered:
    // an unordered LIMIT 1 took whichever row came first on disk, and once that was the one with tags.
    const appId = (await db.query("SELECT app_id FROM games WHERE coverage = 'basic' AND NOT (sources ? 'platforms') AND NOT (sources ? 'playtime') AND tag_ids = '{}' ORDER BY app_id LIMIT 1")).rows[0].app_id;
    const game = (await api(`/games/${appId}`)).body.data;
    expect(game.coverage).toBe("basic");
    expect(game.platforms).toBeNull();
    expect(game.genres).toBeNull();
    expect(game.tags).toBeNull();
    expect(game.playtime).toBeNull();
    expect(game.sources).not.toHaveProperty("platforms");
  });
});

describe("GET /games filters", () => {
  it("tags: every result carries all of them; the total matches SQL", async () => {
    const res = await api("/games?tags=rogue-like,deckbuilding&limit=20");
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const game of res.body.data) expect(game.tags.map((t: any) => t.slug)).toEqual(expect.arrayContaining(["rogue-like", "deckbuilding"]));
    const expected = await sqlCount(
      "(SELECT count(*) FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = g.app_id AND t.slug IN ('rogue-like','deckbuilding')) = 2",
    );
    expect(res.body.pagination.total).toBe(expected);
  });

  it("tagsExclude leaves those games out", async () => {
    const res = await api("/games?tags=indie&tagsExclude=early-access&limit=50");
    for (const game of res.body.data) expect(game.tags.map((t: any) => t.slug)).not.toContain("early-access");
  });

  it("releasedFrom/To accept years and months, inclusive", async () => {
    const res = await api("/games?releasedFrom=2019-03&releasedTo=2019-03&limit=100&fields=release");
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const game of res.body.data) expect(game.release.date >= "2019-03-01" && game.release.date <= "2019-03-31").toBe(true);
    const year = await api("/games?releasedFrom=2015&releasedTo=2015&limit=1");
    expect(year.body.pagination.total).toBe(await sqlCount("release_date BETWEEN '2015-01-01' AND '2015-12-31'"));
  });

  it("price, reviews, rating, platforms, genres, developer, publisher, coverage", async () => {
    const res = await api("/games?priceMin=500&priceMax=1999&reviewsMin=1000&reviewsMax=50000&ratingMin=0.9&platforms=linux&limit=100");
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const g of res.body.data) {
      expect(g.price.currentCents).toBeGreaterThanOrEqual(500);
      expect(g.price.currentCents).toBeLessThanOrEqual(1999);
      expect(g.price.currency).toBe("USD");
      expect(g.reviews.total).toBeGreaterThanOrEqual(1000);
      expect(g.reviews.total).toBeLessThanOrEqual(50000);
      expect(g.reviews.rating).toBeGreaterThanOrEqual(0.9);
      expect(g.platforms).toContain("linux");
    }
    const genre = await api("/games?genres=free-to-play&limit=5");
    for (const g of genre.body.data) expect(g.genres).toContain("Free to Play");
    expect(genre.body.pagination.total).toBe(await sqlCount("'Free to Play' = ANY(genres)"));
    const valve = await api("/games?developer=valve&limit=100");
    expect(valve.body.data.map((g: any) => g.appId)).toEqual(expect.arrayContaining([570, 730]));
    const publisher = await api("/games?publisher=Valve&limit=1");
    expect(publisher.body.pagination.total).toBe(await sqlCount("'valve' = ANY(SELECT lower(p) FROM unnest(publishers) p)"));
    const full = await api("/games?coverage=full&limit=100");
    expect(full.body.pagination.total).toBe(await sqlCount("coverage = 'full'"));
    for (const g of full.body.data) expect(g.coverage).toBe("full");
  });

  it("q ranks the exact title first and finds titles across punctuation", async () => {
    expect((await api("/games?q=dota%202&limit=1")).body.data[0].appId).toBe(570);
    const cs = (await api("/games?q=counter%20strike&limit=5")).body.data.map((g: any) => g.appId);
    expect(cs).toEqual(expect.arrayContaining([10, 730]));
  });

  it("fields projects to appId and the named fields", async () => {
    const res = await api("/games?fields=name,reviews&limit=3");
    for (const game of res.body.data) expect(Object.keys(game).sort()).toEqual(["appId", "name", "reviews"]);
  });
});

describe("GET /games sort", () => {
  const keys: Record<string, (g: any) => any> = {
    reviews: (g) => g.reviews?.total ?? null,
    rating: (g) => g.reviews?.rating ?? null,
    releaseDate: (g) => g.release.date,
    ccu: (g) => g.ccu,
    name: (g) => g.name.toLowerCase(),
  };
  for (const [sort, key] of Object.entries(keys)) {
    for (const direction of ["", "-"]) {
      it(`sort=${direction}${sort} orders the results, missing values last`, async () => {
        const res = await api(`/games?tags=puzzle&sort=${direction}${sort}&limit=100`);
        const values = res.body.data.map(key);
        const present = values.filter((v: any) => v !== null);
        expect(values.slice(0, present.length)).toEqual(present);
        const sorted = [...present].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        if (sort !== "name") expect(present).toEqual(direction ? sorted.reverse() : sorted);
      });
    }
  }
});

describe("paging", () => {
  it("walking nextOffset visits every game once and matches total", async () => {
    const { items, total } = await walk("/games?tags=card-game&reviewsMin=50&sort=name");
    expect(total).toBeGreaterThan(100);
    expect(items.length).toBe(total);
    expect(new Set(items.map((g) => g.appId)).size).toBe(total);
  });

  it("an offset past the end is an empty page without nextOffset", async () => {
    const res = await api("/games?tags=card-game&offset=100000");
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination).not.toHaveProperty("nextOffset");
  });
});

describe("GET /games/count", () => {
  it("counts what GET /games lists, echoes the filters as understood, and costs a Counts credit price", async () => {
    const list = await api("/games?tags=puzzle&releasedFrom=2019&genres=indie&limit=1");
    const count = await api("/games/count?tags=puzzle&releasedFrom=2019&genres=indie");
    expect(count.body.data.count).toBe(list.body.pagination.total);
    expect(count.body.data.filters).toEqual({ tags: ["puzzle"], releasedFrom: "2019-01-01", genres: ["indie"] });
    expect(count.body.meta.quota.charged).toBe(2);
    expect((await api("/games/count")).body.data.count).toBe(await sqlCount("true"));
  });

  it("validates like GET /games", async () => {
    const res = await api("/games/count?tags=rpgg");
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("INVALID_TAG");
    expect((await api("/games/count?limit=5")).body.error.param).toBe("limit");
  });
});
