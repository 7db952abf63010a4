import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../support/envelope";
import { api } from "../support/http";

// GET /games in depth: each filter checked on what the results carry (details fetched where the list
// could hide it), totals against independent SQL on the test database, every sort over a whole result set.
let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

const sqlCount = async (where: string, params: unknown[] = []) =>
  (await db.query(`SELECT count(*)::int AS n FROM games g WHERE ${where}`, params)).rows[0].n as number;
const hasTag = (slug: string) =>
  `EXISTS (SELECT 1 FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = g.app_id AND t.slug = '${slug}')`;
const total = async (query: string) => {
  const res = await api(`/games?${query}${query ? "&" : ""}limit=1`);
  expectSuccess(res, { list: true });
  return res.body.pagination.total as number;
};

async function walk(query: string) {
  const items: any[] = [];
  let offset: number | undefined = 0;
  let total = 0;
  while (offset !== undefined) {
    const res: any = await api(`/games?${query}&limit=100&offset=${offset}`);
    expectSuccess(res, { list: true });
    items.push(...res.body.data);
    total = res.body.pagination.total;
    offset = res.body.pagination.nextOffset;
  }
  return { items, total };
}

describe("GET /games filters", () => {
  it("tags: every result carries all of them, checked on the game's detail", async () => {
    const res = await api("/games?tags=puzzle,platformer&limit=10&fields=name");
    expect(res.body.data.length).toBe(10);
    for (const { appId } of res.body.data) {
      const detail = (await api(`/games/${appId}`)).body.data;
      expect(detail.tags.map((t: any) => t.slug), String(appId)).toEqual(expect.arrayContaining(["puzzle", "platformer"]));
    }
    expect(res.body.pagination.total).toBe(await sqlCount(`${hasTag("puzzle")} AND ${hasTag("platformer")}`));
  });

  it("tags comma-separated and repeated mean the same", async () => {
    expect(await total("tags=puzzle&tags=platformer")).toBe(await total("tags=puzzle,platformer"));
  });

  it("tagsExclude: no result carries any of them; the total matches SQL", async () => {
    const res = await api("/games?tags=puzzle&tagsExclude=casual,2d&limit=10&fields=name");
    for (const { appId } of res.body.data) {
      const slugs = (await api(`/games/${appId}`)).body.data.tags.map((t: any) => t.slug);
      expect(slugs).not.toContain("casual");
      expect(slugs).not.toContain("2d");
    }
    expect(res.body.pagination.total).toBe(await sqlCount(`${hasTag("puzzle")} AND NOT ${hasTag("casual")} AND NOT ${hasTag("2d")}`));
  });

  it("genres by name or slug; every result has them all", async () => {
    expect(await total("genres=Free%20to%20Play,Strategy")).toBe(await total("genres=free-to-play,strategy"));
    const res = await api("/games?genres=strategy,free-to-play&limit=50&fields=genres");
    for (const game of res.body.data) expect(game.genres).toEqual(expect.arrayContaining(["Strategy", "Free to Play"]));
    expect(res.body.pagination.total).toBe(await sqlCount("genres @> ARRAY['Strategy','Free to Play']"));
  });

  it("releasedFrom/To: YYYY, YYYY-MM and YYYY-MM-DD bounds, inclusive, against SQL", async () => {
    expect(await total("releasedFrom=2018&releasedTo=2018")).toBe(await sqlCount("release_date BETWEEN '2018-01-01' AND '2018-12-31'"));
    expect(await total("releasedFrom=2020-02&releasedTo=2020-02")).toBe(await sqlCount("release_date BETWEEN '2020-02-01' AND '2020-02-29'"));
    expect(await total("releasedFrom=2016-12-31&releasedTo=2017-01-01")).toBe(await sqlCount("release_date IN ('2016-12-31', '2017-01-01')"));
    expect(await total("releasedFrom=2024-06-15")).toBe(await sqlCount("release_date >= '2024-06-15'"));
    const res = await api("/games?releasedFrom=2020-02&releasedTo=2020-02&sort=releaseDate&limit=100&fields=release");
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const { release } of res.body.data) expect(release.date >= "2020-02-01" && release.date <= "2020-02-29").toBe(true);
    expect(await total("releasedFrom=2019&releasedTo=2019")).toBe(await total("releasedFrom=2019-01-01&releasedTo=2019-12-31"));
  });

  it("priceMin/priceMax in US cents, each alone and together; priceMax=0 is the free games", async () => {
    expect(await total("priceMin=2000")).toBe(await sqlCount("price_cents >= 2000 AND currency = 'USD'"));
    expect(await total("priceMax=0")).toBe(await sqlCount("price_cents = 0"));
    const res = await api("/games?priceMin=999&priceMax=999&limit=100&fields=price");
    expect(res.body.data.length).toBeGreaterThan(0);
    for (const { price } of res.body.data) expect(price).toMatchObject({ currentCents: 999, currency: "USD" });
  });

  it("price filters leave out prices in other currencies: cents of different currencies do not compare", async () => {
    const other = (await db.query("SELECT app_id, price_cents FROM games WHERE currency <> 'USD' AND price_cents > 0 ORDER BY app_id LIMIT 1")).rows[0];
    expect(other).toBeDefined();
    const game = (await api(`/games/${other.app_id}`)).body.data;
    expect(game.price.currency).not.toBe("USD");
    const around = `priceMin=${other.price_cents}&priceMax=${other.price_cents}`;
    const listed = await api(`/games?${around}&limit=100&fields=price`);
    expect(listed.body.data.map((g: any) => g.appId)).not.toContain(other.app_id);
    for (const g of listed.body.data) expect(g.price.currency).toBe("USD");
    expect(await total(around)).toBe(await sqlCount(`price_cents = ${Number(other.price_cents)} AND currency = 'USD'`));
  });

  it("reviewsMin/reviewsMax and ratingMin against SQL; results satisfy them", async () => {
    expect(await total("reviewsMin=10000")).toBe(await sqlCount("reviews_total >= 10000"));
    expect(await total("reviewsMin=100&reviewsMax=100")).toBe(await sqlCount("reviews_total = 100"));
    expect(await total("ratingMin=0.95&reviewsMin=500")).toBe(await sqlCount("rating >= 0.95 AND reviews_total >= 500"));
    const res = await api("/games?ratingMin=0.95&reviewsMin=500&limit=100&fields=reviews");
    for (const { reviews } of res.body.data) {
      expect(reviews.rating).toBeGreaterThanOrEqual(0.95);
      expect(reviews.total).toBeGreaterThanOrEqual(500);
    }
    expect(await total("ratingMin=0")).toBe(await sqlCount("rating IS NOT NULL"));
  });

  it("platforms: every result supports all the named ones", async () => {
    const res = await api("/games?platforms=mac,linux&limit=100&fields=platforms");
    for (const { platforms } of res.body.data) expect(platforms).toEqual(expect.arrayContaining(["mac", "linux"]));
    expect(res.body.pagination.total).toBe(await sqlCount("platforms @> ARRAY['mac','linux']"));
  });

  it("developer and publisher: case-insensitive exact names", async () => {
    const res = await api("/games?developer=VALVE&limit=100&fields=developers");
    expect(res.body.pagination.total).toBe(await total("developer=valve"));
    for (const { developers } of res.body.data) expect(developers.map((d: string) => d.toLowerCase())).toContain("valve");
    expect(await total("developer=valv")).toBe(0);
    expect(await total("publisher=Ubisoft")).toBe(await sqlCount("EXISTS (SELECT 1 FROM unnest(publishers) p WHERE lower(p) = 'ubisoft')"));
  });

  it("coverage: one or several tiers", async () => {
    expect(await total("coverage=partial,full")).toBe(await sqlCount("coverage IN ('partial', 'full')"));
    const res = await api("/games?coverage=full&limit=100&fields=coverage");
    for (const { coverage } of res.body.data) expect(coverage).toBe("full");
  });

  it("q: the exact title first, then titles containing it", async () => {
    const res = await api("/games?q=Portal%202&limit=5&fields=name");
    expect(res.body.data[0]).toEqual({ appId: 620, name: "Portal 2" });
    const portal = await api("/games?q=portal&limit=20&fields=name");
    expect(portal.body.data[0].name.toLowerCase()).toBe("portal");
    const literal = await api(`/games?q=${encodeURIComponent("100%")}&limit=20&fields=name`);
    expect(literal.status).toBe(200);
  });

  it("filters combine with AND, matching SQL", async () => {
    const query = "tags=indie&platforms=linux&releasedFrom=2015&releasedTo=2016-06&reviewsMin=50&priceMax=1999";
    const expected = await sqlCount(
      `${hasTag("indie")} AND platforms @> ARRAY['linux'] AND release_date BETWEEN '2015-01-01' AND '2016-06-30' AND reviews_total >= 50 AND price_cents <= 1999 AND (currency = 'USD' OR price_cents = 0)`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(await total(query)).toBe(expected);
  });
});

describe("GET /games and /games/count totals by every counting path (lib/market/count-games.ts)", () => {
  const countOf = async (query: string) => {
    const res = await api(`/games/count?${query}`);
    expectSuccess(res, { list: false });
    return res.body.data.count as number;
  };
  const noneOf = (slugs: string[]) => slugs.map((slug) => `NOT ${hasTag(slug)}`).join(" AND ");
  // [query, SQL]: maintained counts (no filter, one tag), the complement (one to three excluded tags),
  // count(*) (four excluded tags, tags with other filters), the partial price index, and a short last page.
  const cases: [string, string][] = [
    ["", "TRUE"],
    ["tags=indie", hasTag("indie")],
    ["tags=puzzle", hasTag("puzzle")],
    ["tagsExclude=casual", noneOf(["casual"])],
    ["tagsExclude=casual,2d", noneOf(["casual", "2d"])],
    ["tagsExclude=casual,2d,indie", noneOf(["casual", "2d", "indie"])],
    ["tagsExclude=casual,2d,indie,action", noneOf(["casual", "2d", "indie", "action"])],
    ["tags=indie&tagsExclude=casual", `${hasTag("indie")} AND ${noneOf(["casual"])}`],
    ["priceMax=999", "(currency = 'USD' OR price_cents = 0) AND price_cents <= 999"],
    // tagged_games (migration 0025): the rarest tag's entries, with a review range, excluded tags, other tags
    // and the other filters it copies; a title search or developer with tags counts games
    ["tags=indie&reviewsMin=100", `${hasTag("indie")} AND reviews_total >= 100`],
    ["tags=indie&ratingMin=0.9&platforms=mac", `${hasTag("indie")} AND rating >= 0.9 AND platforms @> ARRAY['mac']`],
    ["tags=action&genres=RPG&releasedFrom=2018&coverage=partial,full", `${hasTag("action")} AND genres @> ARRAY['RPG'] AND release_date >= '2018-01-01' AND coverage IN ('partial', 'full')`],
    ["tags=indie,puzzle&priceMin=100&priceMax=999", `${hasTag("indie")} AND ${hasTag("puzzle")} AND currency = 'USD' AND price_cents BETWEEN 100 AND 999`],
    ["tags=indie&priceMax=0&tagsExclude=casual", `${hasTag("indie")} AND price_cents = 0 AND ${noneOf(["casual"])}`],
    ["tags=indie&q=the", `${hasTag("indie")} AND (lower(name) LIKE '%the%' OR 'the' <% lower(name))`],
    ["tags=indie&developer=choice%20of%20games", `${hasTag("indie")} AND 'choice of games' = ANY(SELECT lower(d) FROM unnest(developers) AS d)`],
    ["tags=indie&tagsExclude=casual,2d&reviewsMin=10&reviewsMax=5000", `${hasTag("indie")} AND ${noneOf(["casual", "2d"])} AND reviews_total BETWEEN 10 AND 5000`],
    ["tags=action,rpg&reviewsMin=1000", `${hasTag("action")} AND ${hasTag("rpg")} AND reviews_total >= 1000`],
    ["tags=indie&reviewsMax=0", `${hasTag("indie")} AND reviews_total <= 0`],
    // excluded tags taken away by inclusion-exclusion (lib/market/count-games.ts), with one or several tags,
    // a range read from tagged_games' range indexes (migration 0028), a title search, a rarer genre; past three
    // excluded tags, rows are counted
    ["tags=indie&releasedFrom=2020", `${hasTag("indie")} AND release_date >= '2020-01-01'`],
    ["tags=indie&tagsExclude=indie", "FALSE"],
    ["tags=indie,puzzle&tagsExclude=casual,2d,action&ratingMin=0.5", `${hasTag("indie")} AND ${hasTag("puzzle")} AND ${noneOf(["casual", "2d", "action"])} AND rating >= 0.5`],
    ["tags=indie&tagsExclude=casual,2d,action,rpg", `${hasTag("indie")} AND ${noneOf(["casual", "2d", "action", "rpg"])}`],
    ["tags=indie&q=the&tagsExclude=casual", `${hasTag("indie")} AND ${noneOf(["casual"])} AND (lower(name) LIKE '%the%' OR 'the' <% lower(name))`],
    ["tags=action&genres=RPG&tagsExclude=casual&releasedTo=2020", `${hasTag("action")} AND ${noneOf(["casual"])} AND genres @> ARRAY['RPG'] AND release_date <= '2020-12-31'`],
  ];

  it("each total equals independent SQL over game_tags, on GET /games and on /games/count", async () => {
    for (const [query, where] of cases) {
      const expected = await sqlCount(where);
      expect(await total(query), query).toBe(expected);
      expect(await countOf(query), query).toBe(expected);
    }
  });

  it("a short page gives its total without counting, and it is still exact", async () => {
    const where = `${hasTag("puzzle")} AND ${hasTag("platformer")} AND ${hasTag("2d")}`;
    const expected = await sqlCount(where);
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(100);
    const res = await api("/games?tags=puzzle,platformer,2d&limit=100");
    expectSuccess(res, { list: true });
    expect(res.body.data).toHaveLength(expected);
    expect(res.body.pagination.total).toBe(expected);
    // Past the end: no rows, and the total is still counted.
    const past = await api(`/games?tags=puzzle,platformer,2d&limit=10&offset=${expected + 5}`);
    expectSuccess(past, { list: true });
    expect(past.body.data).toHaveLength(0);
    expect(past.body.pagination.total).toBe(expected);
  });
});

describe("GET /games with tags sorted by reviews (tagged_games, lib/market/tagged-games.ts)", () => {
  it("every page equals independent SQL over game_tags, in order, for both directions, several tags and other filters", async () => {
    const cases: [string, string, string][] = [
      ["tags=puzzle&tagsExclude=casual&reviewsMin=5&sort=-reviews", `${hasTag("puzzle")} AND NOT ${hasTag("casual")} AND reviews_total >= 5`, "DESC"],
      ["tags=puzzle,indie&reviewsMax=2000&sort=reviews", `${hasTag("puzzle")} AND ${hasTag("indie")} AND reviews_total <= 2000`, "ASC"],
      // games without reviews last, in both directions
      ["tags=puzzle,indie&sort=reviews", `${hasTag("puzzle")} AND ${hasTag("indie")}`, "ASC"],
      ["tags=card-game", hasTag("card-game"), "DESC"],
      ["tags=indie&platforms=mac&ratingMin=0.8&sort=-reviews", `${hasTag("indie")} AND platforms @> ARRAY['mac'] AND rating >= 0.8`, "DESC"],
      ["tags=indie&releasedFrom=2019&releasedTo=2020&priceMax=1999&sort=reviews", `${hasTag("indie")} AND release_date BETWEEN '2019-01-01' AND '2020-12-31' AND (currency = 'USD' OR price_cents = 0) AND price_cents <= 1999`, "ASC"],
    ];
    for (const [query, where, direction] of cases) {
      const { items, total } = await walk(query);
      const expected = await db.query(`SELECT app_id FROM games g WHERE ${where} ORDER BY reviews_total ${direction} NULLS LAST, app_id`);
      expect(expected.rows.length, query).toBeGreaterThan(100);
      expect(total, query).toBe(expected.rows.length);
      expect(items.map((g) => g.appId), query).toEqual(expected.rows.map((r) => r.app_id));
    }
  });

  it("each game's tags are its game_tags in store order, named as in the tags table", async () => {
    const res = await api("/games?tags=indie&reviewsMin=100&limit=100");
    expectSuccess(res, { list: true });
    const ids = res.body.data.map((g: any) => g.appId);
    const { rows } = await db.query(
      `SELECT gt.app_id, json_agg(json_build_object('slug', t.slug, 'name', t.name, 'id', t.id, 'rank', gt.rank) ORDER BY gt.rank) AS tags
         FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = ANY($1::int[]) GROUP BY gt.app_id`,
      [ids],
    );
    const expected = new Map(rows.map((r) => [r.app_id, r.tags]));
    for (const game of res.body.data) expect(game.tags, String(game.appId)).toEqual(expected.get(game.appId) ?? null);
  });
});

describe("GET /games with genres (the genre's games read, then sorted: lib/market/search-games.ts)", () => {
  it("every page equals independent SQL, in order, for sorts other than most reviewed and for a genre rarer than the tags", async () => {
    const cases: [string, string, string][] = [
      ["genres=Strategy&sort=-rating", "genres @> ARRAY['Strategy']", "rating DESC NULLS LAST"],
      ["genres=RPG&sort=releaseDate", "genres @> ARRAY['RPG']", "release_date ASC NULLS LAST"],
      ["genres=racing&sort=name", "genres @> ARRAY['Racing']", "lower(name) ASC NULLS LAST"],
      ["genres=Simulation&priceMax=999&sort=reviews", "genres @> ARRAY['Simulation'] AND (currency = 'USD' OR price_cents = 0) AND price_cents <= 999", "reviews_total ASC NULLS LAST"],
      // RPG (genre) has fewer games than the action tag: read from the genre, in review order
      ["tags=action&genres=RPG&sort=-reviews", `${hasTag("action")} AND genres @> ARRAY['RPG']`, "reviews_total DESC NULLS LAST"],
      ["tags=action&genres=RPG&sort=-ccu", `${hasTag("action")} AND genres @> ARRAY['RPG']`, "ccu DESC NULLS LAST"],
    ];
    for (const [query, where, order] of cases) {
      const { items, total } = await walk(query);
      const expected = await db.query(`SELECT app_id FROM games g WHERE ${where} ORDER BY ${order}, app_id`);
      expect(expected.rows.length, query).toBeGreaterThan(100);
      expect(total, query).toBe(expected.rows.length);
      expect(items.map((g) => g.appId), query).toEqual(expected.rows.map((r) => r.app_id));
    }
  });
});

describe("GET /games?q= and /games/resolve pages (the best-ranked titles walked first: lib/market/title-relevance.ts)", () => {
  // Independent of the stored title key and of the walk: every candidate ranked by the documented order.
  const ranked = async (q: string, limit: number, offset: number, extra = "") => {
    const words = q.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();
    const key = "trim(regexp_replace(lower(name), '[^a-z0-9]+', ' ', 'g'))";
    const rows = await db.query(
      `SELECT app_id FROM games g WHERE (lower(name) LIKE $1 OR $2 <% lower(name)) ${extra}
        ORDER BY (${key} = $3) DESC, (${key} LIKE $4) DESC, round(word_similarity($2, lower(name))::numeric, 1) DESC,
          reviews_total DESC NULLS LAST, app_id LIMIT $5 OFFSET $6`,
      [`%${q.toLowerCase()}%`, q.toLowerCase(), words, `${words}%`, limit, offset],
    );
    return rows.rows.map((r) => r.app_id as number);
  };
  const pages: [number, number][] = [[25, 0], [10, 20], [100, 100], [20, 1990], [100, 3950], [50, 6000]];

  it("every page of a common word, a word with an exact title, several words and a rare spelling equals independent SQL", async () => {
    for (const q of ["the", "dark", "portal", "counter strike", "Counter-Strike", "sim", "th", "stardew valey"]) {
      for (const [limit, offset] of pages) {
        const res = await api(`/games?q=${encodeURIComponent(q)}&limit=${limit}&offset=${offset}&fields=name`);
        expectSuccess(res, { list: true });
        expect(res.body.data.map((g: any) => g.appId), `${q} ${limit}@${offset}`).toEqual(await ranked(q, limit, offset));
      }
    }
  });

  it("with other filters, and on /games/resolve, the pages are the same as the ranking of every candidate", async () => {
    for (const [limit, offset] of pages.slice(0, 4)) {
      const res = await api(`/games?q=the&tags=indie&limit=${limit}&offset=${offset}&fields=name`);
      expect(res.body.data.map((g: any) => g.appId), `tags ${limit}@${offset}`).toEqual(await ranked("the", limit, offset, `AND ${hasTag("indie")}`));
      const resolved = await api(`/games/resolve?q=the&limit=${limit}&offset=${offset}`);
      expect(resolved.body.data.map((g: any) => g.appId), `resolve ${limit}@${offset}`).toEqual(await ranked("the", limit, offset));
    }
    const { total } = (await api("/games?q=the&limit=1")).body.pagination;
    expect(total).toBe(await sqlCount("(lower(name) LIKE '%the%' OR 'the' <% lower(name))"));
    expect(total).toBeGreaterThan(10_000);
  });
});

describe("GET /games fields", () => {
  it("returns only appId and the named fields, for each field", async () => {
    const all = Object.keys((await api("/games?limit=1")).body.data[0]);
    for (const field of all) {
      const res = await api(`/games?fields=${field}&limit=2`);
      for (const game of res.body.data) expect(Object.keys(game).sort(), field).toEqual([...new Set(["appId", field])].sort());
    }
    const two = await api("/games?fields=reviews,name&fields=ccu&limit=2");
    for (const game of two.body.data) expect(Object.keys(game).sort()).toEqual(["appId", "ccu", "name", "reviews"]);
  });
});

describe("GET /games sorts, over a whole result set", () => {
  const keys: Record<string, (g: any) => number | string | null> = {
    reviews: (g) => g.reviews?.total ?? null,
    rating: (g) => g.reviews?.rating ?? null,
    releaseDate: (g) => g.release.date,
    ccu: (g) => g.ccu,
  };
  for (const [sort, key] of Object.entries(keys)) {
    for (const descending of [false, true]) {
      it(`sort=${descending ? "-" : ""}${sort}: ordered, NULLs last, ties by appId, every game once`, async () => {
        const { items, total } = await walk(`tags=puzzle&sort=${descending ? "-" : ""}${sort}`);
        expect(items.length).toBe(total);
        expect(new Set(items.map((g) => g.appId)).size).toBe(total);
        const values = items.map(key);
        const firstNull = values.indexOf(null);
        if (firstNull >= 0) expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
        for (let i = 1; i < items.length; i++) {
          const [a, b] = [values[i - 1], values[i]];
          if (a === null || b === null) continue;
          // ratings are shown rounded to 4 places, so equal-looking ratings may differ in the database
          if (a === b && sort !== "rating") expect(items[i - 1].appId, `tie at ${i}`).toBeLessThan(items[i].appId);
          else if (a !== b) expect(descending ? a > b : a < b, `${sort} at ${i}: ${a} then ${b}`).toBe(true);
        }
      });
    }
  }

  it("sort=name and -name follow lower-case names, ties by appId (as the database collates)", async () => {
    for (const direction of ["ASC", "DESC"]) {
      const { items } = await walk(`tags=card-game&sort=${direction === "DESC" ? "-" : ""}name`);
      const expected = await db.query(
        `SELECT app_id FROM games g WHERE ${hasTag("card-game")} ORDER BY lower(name) ${direction}, app_id`,
      );
      expect(items.map((g) => g.appId)).toEqual(expected.rows.map((r) => r.app_id));
    }
  });
});

describe("GET /games paging", () => {
  it("walking nextOffset in the default order visits every game once and matches total and SQL", async () => {
    const { items, total } = await walk("tags=puzzle&releasedFrom=2016&releasedTo=2019");
    expect(total).toBeGreaterThan(100);
    expect(items.length).toBe(total);
    expect(new Set(items.map((g) => g.appId)).size).toBe(total);
    expect(total).toBe(await sqlCount(`${hasTag("puzzle")} AND release_date BETWEEN '2016-01-01' AND '2019-12-31'`));
  });

  it("the last partial page has the remainder and no nextOffset", async () => {
    const t = await total("tags=puzzle");
    const last = await api(`/games?tags=puzzle&limit=100&offset=${t - 7}`);
    expectSuccess(last, { list: true });
    expect(last.body.data.length).toBe(7);
  });

  it("rejects limit 0 and 101 naming limit; accepts 1 and 100", async () => {
    expectError(await api("/games?limit=0"), 400, "BAD_REQUEST", "limit");
    expectError(await api("/games?limit=101"), 400, "BAD_REQUEST", "limit");
    expect((await api("/games?limit=100")).body.data.length).toBe(100);
    expect((await api("/games?limit=1")).body.data.length).toBe(1);
  });
});

describe("GET /games in the anonymous preview", () => {
  it("caps the page, says so when a larger page was asked for, and locks owners, ccu and playtime", async () => {
    const res = await api("/games?limit=50", { token: null });
    expectSuccess(res, { list: true });
    expect(res.body.meta.preview).toBe(true);
    expect(res.body.pagination.limit).toBeLessThan(50);
    expect(res.body.warnings.map((w: any) => w.code)).toContain("PREVIEW_LIMIT");
    for (const game of res.body.data) for (const field of ["owners", "ccu", "players", "playtime"]) expect(game[field]).toBeNull();
    const quiet = await api("/games", { token: null });
    expect(quiet.body).not.toHaveProperty("warnings");
  });
});
