import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../support/envelope";
import { api } from "../support/http";

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

const appIds = async (sql: string) => (await db.query(sql)).rows.map((row) => row.app_id as number);

// Each family of fields and where its value sits in the detail payload.
const FAMILIES: Record<string, (game: any) => unknown> = {
  platforms: (g) => g.platforms,
  genres: (g) => g.genres,
  categories: (g) => g.categories,
  tags: (g) => g.tags,
  reviews: (g) => g.reviews,
  owners: (g) => g.owners,
  ccu: (g) => g.ccu,
  playtime: (g) => g.playtime,
  price: (g) => g.price,
  storeDetails: (g) => g.storeDetails,
};

describe("GET /games/{appId}", () => {
  it("570 is Dota 2 and 730 Counter-Strike: Global Offensive, in the envelope", async () => {
    const dota = await api("/games/570");
    expectSuccess(dota, { list: false });
    expect(dota.body.data).toMatchObject({ appId: 570, name: "Dota 2", developers: ["Valve"], publishers: ["Valve"] });
    expect(dota.body.data.price).toMatchObject({ isFree: true, currentCents: 0 });
    expect(dota.body.data.tags.map((t: any) => t.slug)).toContain("moba");
    const cs = await api("/games/730");
    expectSuccess(cs, { list: false });
    expect(cs.body.data).toMatchObject({ appId: 730, name: "Counter-Strike: Global Offensive", developers: expect.arrayContaining(["Valve"]) });
  });

  it("a full-coverage game has tags, release, review texts and store details", async () => {
    const list = await api("/games?coverage=full&limit=3&fields=coverage");
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const { appId } of list.body.data) {
      const game = (await api(`/games/${appId}`)).body.data;
      expect(game.coverage).toBe("full");
      expect(game.tags?.length).toBeGreaterThan(0);
      expect(game.release.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(game.reviewTexts.collected).toBeGreaterThan(0);
      expect(game.storeDetails).not.toBeNull();
    }
  });

  it("names a source and an observation date (YYYY-MM-DD) for each family", async () => {
    for (const appId of [570, 730]) {
      const { sources } = (await api(`/games/${appId}`)).body.data;
      expect(Object.keys(sources).length).toBeGreaterThan(3);
      for (const [family, ref] of Object.entries<any>(sources)) {
        expect(Object.keys(ref).sort(), family).toEqual(["observedAt", "source"]);
        expect(ref.source, family).toMatch(/^[a-z0-9-]+$/);
        // The schema documents observedAt as "Date the source observed them (YYYY-MM-DD)".
        expect(ref.observedAt, `${appId} sources.${family}.observedAt`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
    }
  });

  it("reviews add up and the rating is their positive share", async () => {
    for (const appId of [570, 730, 440]) {
      const { reviews } = (await api(`/games/${appId}`)).body.data;
      expect(reviews.total).toBe(reviews.positive + reviews.negative);
      expect(reviews.rating).toBeCloseTo(reviews.positive / reviews.total, 3);
      expect(reviews.score).toBeGreaterThanOrEqual(1);
    }
  });

  it("playtime not collected in the 2025 SteamSpy snapshot is null, never zero, and has no source", async () => {
    const [appId] = await appIds(
      "SELECT app_id FROM games WHERE sources->'catalog'->>'source' = 'steamspy-2025-01-01' AND NOT (sources ? 'playtime') AND reviews_total > 1000 ORDER BY app_id LIMIT 1",
    );
    const game = (await api(`/games/${appId}`)).body.data;
    expect(game.playtime).toBeNull();
    expect(game.sources).not.toHaveProperty("playtime");
    expect(game.sources.reviews.source).toBe("steamspy-2025-01-01");
  });

  it("a family is null exactly when the game has no source for it, in every coverage tier", async () => {
    const sample = await appIds(`(SELECT app_id FROM games WHERE coverage = 'basic' ORDER BY app_id LIMIT 5)
      UNION ALL (SELECT app_id FROM games WHERE coverage = 'partial' ORDER BY app_id LIMIT 5)
      UNION ALL (SELECT app_id FROM games WHERE coverage = 'full' ORDER BY app_id LIMIT 5)
      UNION ALL (SELECT app_id FROM games g WHERE sources ? 'tags' ORDER BY (SELECT count(*) FROM game_tags gt WHERE gt.app_id = g.app_id), app_id LIMIT 3)`);
    const problems: string[] = [];
    for (const appId of sample) {
      const game = (await api(`/games/${appId}`)).body.data;
      for (const [family, value] of Object.entries(FAMILIES)) {
        const hasSource = Object.hasOwn(game.sources, family);
        if ((value(game) !== null) !== hasSource) problems.push(`${appId}.${family}: ${JSON.stringify(value(game))} with source ${hasSource}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("shows names as the store shows them, without HTML entities", async () => {
    const game = (await api("/games/48705")).body.data;
    expect(game.name).toBe("Mount & Blade: Warband - Napoleonic Wars");
  });

  it("keeps HTML entities out of every game, developer and publisher name, and commas in parentheses inside a name", async () => {
    const entity = "'&([a-z]+|#[0-9]+|#x[0-9a-f]+);'";
    const { rows } = await db.query(`SELECT app_id FROM games WHERE name ~* ${entity}
      OR EXISTS (SELECT 1 FROM unnest(developers || publishers) AS n(v) WHERE v ~* ${entity}) LIMIT 5`);
    expect(rows).toEqual([]);
    expect((await api("/games/43190")).body.data.publishers).toEqual(["Signo & Arte"]);
    expect((await api("/games/208580")).body.data.developers).toContain("Aspyr (Mac, Linux, & Windows Update)");
  });

  it("an unknown app id is NOT_FOUND naming appId", async () => {
    const [free] = await appIds("SELECT max(app_id) + 1 AS app_id FROM games");
    expectError(await api(`/games/${free}`), 404, "NOT_FOUND", "appId");
  });

  it.each(["abc", "-1", "0", "1.5", "99999999999", "2147483648", "0x23a", "570.0", "1e3", "%20570", "570abc"])(
    "appId '%s' is BAD_REQUEST naming appId",
    async (value) => {
      expectError(await api(`/games/${value}`), 400, "BAD_REQUEST", "appId");
    },
  );

  it("takes no query parameters", async () => {
    expectError(await api("/games/570?fields=name"), 400, "BAD_REQUEST", "fields");
  });

  it("locks owners, CCU, playtime, snapshots and store details in the anonymous preview, keeping the shape", async () => {
    const res = await api("/games/570", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta.preview).toBe(true);
    for (const field of ["owners", "ccu", "players", "playtime", "snapshots", "storeDetails"]) {
      expect(res.body.data, field).toHaveProperty(field, null);
      expect(res.body.meta.locked).toContain(field);
    }
    expect(res.body.data.name).toBe("Dota 2");
  });
});
