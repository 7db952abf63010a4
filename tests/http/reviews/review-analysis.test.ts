// GET /games/{appId}/reviews/analysis: figures compared with independent SQL over the same rows.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: inject("databaseUrl") });
  await db.connect();
});
afterAll(async () => db?.end());

const rows = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows;
const analysis = async (appId: number | string, token?: null) => {
  const res = await api(`/games/${appId}/reviews/analysis`, token === null ? { token: null } : {});
  expectSuccess(res, { list: false });
  return res;
};

describe("a title with review texts (PUBG, 578080)", () => {
  const appId = 578080;
  let data: any;
  let reviews: any[];
  beforeAll(async () => {
    data = (await analysis(appId)).body.data;
    reviews = await rows(
      `SELECT id, language, text, voted_up, votes_up, weighted_vote_score, written_during_early_access, author_playtime_at_review,
         to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS month
       FROM reviews WHERE app_id = $1`,
      [appId],
    );
  });

  it("is ready, and its four denominators equal counts over the stored rows", async () => {
    const [game] = await rows(`SELECT reviews_total, sources -> 'reviews' AS src FROM games WHERE app_id = $1`, [appId]);
    const analysed = reviews.filter((r) => r.language === "english" && /\p{L}/u.test(r.text));
    const distinct = new Set(analysed.map((r) => r.text.toLowerCase().replace(/\s+/g, " ").trim()));
    expect(data.evidenceState).toBe("ready");
    expect(data.denominators.onSteam).toEqual({ count: game.reviews_total, source: game.src.source, observedAt: game.src.observedAt });
    expect(data.denominators.collected.count).toBe(reviews.length);
    expect(data.denominators.analysed.count).toBe(analysed.length);
    expect(data.denominators.distinct.count).toBe(distinct.size);
    expect(data.denominators.distinct.count).toBeLessThanOrEqual(data.denominators.analysed.count);
    for (const key of ["collected", "analysed", "distinct"]) expect(data.denominators[key].definition.length).toBeGreaterThan(20);
  });

  it("the texts' complaints surface: servers and cheating are negative themes, with shares of the analysed reviews", async () => {
    const negative = data.themes.negative.map((t: any) => t.key);
    expect(negative).toContain("server");
    expect(negative.some((k: string) => k === "hacker" || k === "cheater")).toBe(true);
    const analysed = data.denominators.analysed.count;
    expect(data.themes.basis).toMatchObject({ family: "review-texts", denominator: { name: "analysed", count: analysed }, kind: "modelled" });
    expect(data.themes.basis.coverage).toBeCloseTo(analysed / data.denominators.onSteam.count, 4);
    const plain = (text: string) => text.replace(/\[\/?([a-z][a-z0-9]*|\*)(=[^\]]*)?\]/gi, " ").replace(/\s+/g, " ");
    const byId = new Map(reviews.map((r) => [r.id, plain(r.text)]));
    for (const theme of [...data.themes.positive, ...data.themes.negative]) {
      expect(theme.share).toBeCloseTo(theme.reviews / analysed, 4);
      expect(theme.reviewers).toBeLessThanOrEqual(theme.reviews);
      for (const example of theme.examples) expect(byId.get(example.reviewId)).toContain(example.quote.replace(/^…|…$/g, ""));
    }
  });

  it("collected sample, Early Access split and languages equal SQL counts", async () => {
    const up = reviews.filter((r) => r.voted_up).length;
    expect(data.collectedSample).toMatchObject({ reviews: reviews.length, votedUp: up });
    expect(data.collectedSample.votedUpShare).toBeCloseTo(up / reviews.length, 4);
    const [ea] = await rows(
      `SELECT count(*) FILTER (WHERE written_during_early_access)::int AS during,
              count(*) FILTER (WHERE written_during_early_access AND voted_up)::int AS during_up,
              count(*) FILTER (WHERE NOT written_during_early_access)::int AS after
       FROM reviews WHERE app_id = $1`,
      [appId],
    );
    expect(data.earlyAccess.duringEarlyAccess).toMatchObject({ reviews: ea.during, votedUp: ea.during_up });
    expect(data.earlyAccess.afterRelease.reviews).toBe(ea.after);
    const languages = await rows(`SELECT language, count(*)::int AS n FROM reviews WHERE app_id = $1 GROUP BY language ORDER BY n DESC, language`, [appId]);
    expect(data.languages.languages.map((l: any) => [l.language, l.reviews])).toEqual(languages.map((l) => [l.language, l.n]));
  });

  it("sentiment by month counts the analysed reviews of each month", async () => {
    const months = data.sentimentOverTime.months;
    expect(months.map((m: any) => m.month)).toEqual([...months.map((m: any) => m.month)].sort());
    const analysed = reviews.filter((r) => r.language === "english" && /\p{L}/u.test(r.text));
    for (const month of months) {
      const inMonth = analysed.filter((r) => r.month === month.month);
      expect(month.observed.reviews, month.month).toBe(inMonth.length);
      expect(month.observed.votedUp).toBe(inMonth.filter((r) => r.voted_up).length);
      expect(month.modelled.meanSentiment).toBeGreaterThanOrEqual(-1);
      expect(month.modelled.meanSentiment).toBeLessThanOrEqual(1);
    }
    expect(months.reduce((sum: number, m: any) => sum + m.observed.reviews, 0)).toBe(analysed.length);
  });

  it("playtime: at review is not in the dumps (null, with a reason); at collection, quartiles equal percentile_disc", async () => {
    const [atReview] = await rows(`SELECT count(author_playtime_at_review)::int AS n FROM reviews WHERE app_id = $1`, [appId]);
    expect(atReview.n).toBe(0);
    expect(data.playtimeAtReview).toBeNull();
    expect(data.nullReasons.playtimeAtReview).toMatch(/not in the collected/);
    const [q] = await rows(
      `SELECT percentile_disc(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY author_playtime_forever) FILTER (WHERE voted_up) AS up,
              percentile_disc(ARRAY[0.25, 0.5, 0.75]) WITHIN GROUP (ORDER BY author_playtime_forever) FILTER (WHERE NOT voted_up) AS down,
              count(author_playtime_forever)::int AS known
       FROM reviews WHERE app_id = $1`,
      [appId],
    );
    expect(q.known).toBeGreaterThan(0);
    const { positive, negative, reviewsWithPlaytime } = data.playtimeAtCollection;
    expect(reviewsWithPlaytime).toBe(q.known);
    expect([positive.p25Minutes, positive.medianMinutes, positive.p75Minutes]).toEqual(q.up);
    expect([negative.p25Minutes, negative.medianMinutes, negative.p75Minutes]).toEqual(q.down);
  });

  it("highlights are the most helpful reviews each side by Steam's weighted vote score", async () => {
    for (const [side, up] of [["positive", true], ["negative", false]] as const) {
      const top = await rows(
        `SELECT id FROM reviews WHERE app_id = $1 AND voted_up = $2 AND votes_up > 0
         ORDER BY weighted_vote_score DESC, votes_up DESC, id COLLATE "C" LIMIT 3`,
        [appId, up],
      );
      expect(data.highlights[side].map((h: any) => h.reviewId)).toEqual(top.map((r) => r.id));
    }
  });

  it("anonymous callers get the same shape with themes and highlights locked", async () => {
    const res = await analysis(appId, null);
    expect(res.body.meta.preview).toBe(true);
    expect(res.body.meta.locked).toEqual(["themes", "highlights"]);
    expect(res.body.data.themes).toBeNull();
    expect(res.body.data.highlights).toBeNull();
    expect(res.body.data.denominators).toEqual(data.denominators);
    expect(Object.keys(res.body.data).sort()).toEqual(Object.keys(data).sort());
  });
});

describe("a title without review texts", () => {
  it("is not_analyzed: count-based parts from its counts and snapshots, text parts null with reasons", async () => {
    const [game] = await rows(
      `SELECT g.app_id, g.reviews_positive, g.reviews_negative, g.reviews_total FROM games g
       WHERE g.reviews_total > 1000 AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.app_id = g.app_id)
       ORDER BY g.reviews_total DESC, g.app_id LIMIT 1`,
    );
    const data = (await analysis(game.app_id)).body.data;
    expect(data.evidenceState).toBe("not_analyzed");
    expect(data.denominators.collected.count).toBe(0);
    expect(data.denominators.analysed.count).toBe(0);
    expect(data.steamReviews).toMatchObject({ positive: game.reviews_positive, negative: game.reviews_negative, total: game.reviews_total });
    const snapshots = await rows(
      `SELECT source, to_char(observed_on, 'YYYY-MM-DD') AS observed_at, reviews_positive, reviews_negative FROM snapshots
       WHERE app_id = $1 AND reviews_positive IS NOT NULL AND reviews_negative IS NOT NULL ORDER BY observed_on, source`,
      [game.app_id],
    );
    expect(snapshots.length).toBeGreaterThan(0);
    expect(data.trajectory.map((t: any) => [t.source, t.observedAt, t.positive, t.negative])).toEqual(
      snapshots.map((s) => [s.source, s.observed_at, s.reviews_positive, s.reviews_negative]),
    );
    for (const field of ["collectedSample", "themes", "sentimentOverTime", "playtimeAtReview", "playtimeAtCollection", "highlights", "earlyAccess", "languages"]) {
      expect(data[field], field).toBeNull();
      expect(data.nullReasons[field], field).toMatch(/No review texts/);
    }
  });
});

describe("errors", () => {
  it("an unknown app id is NOT_FOUND", async () => {
    expectError(await api("/games/2147483000/reviews/analysis"), 404, "NOT_FOUND", "appId");
  });
  it.each(["abc", "0", "-5", "1.5", "99999999999"])("appId %s is BAD_REQUEST naming appId", async (appId) => {
    expectError(await api(`/games/${appId}/reviews/analysis`), 400, "BAD_REQUEST", "appId");
  });
});

describe("the cache", () => {
  it("serves the stored analysis on the next call, identical, and one row per title and version", async () => {
    const first = (await analysis(15700)).body.data;
    const second = (await analysis(15700)).body.data;
    expect(second).toEqual(first);
    const stored = await rows(`SELECT analysis_version, to_char(computed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM review_analyses WHERE app_id = 15700`);
    expect(stored).toEqual([{ analysis_version: first.analysisVersion, at: first.computedAt }]);
  });

  it("concurrent first requests all return the one stored analysis", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => analysis(10)));
    const [first, ...rest] = answers.map((res) => res.body.data);
    for (const other of rest) expect(other).toEqual(first);
    expect((await rows(`SELECT count(*)::int AS n FROM review_analyses WHERE app_id = 10`))[0].n).toBe(1);
  });

  it("recomputes when the title's texts change", async () => {
    const before = (await analysis(20)).body.data;
    await db.query(`UPDATE reviews SET updated_at = updated_at + interval '1 second' WHERE id = (SELECT min(id) FROM reviews WHERE app_id = 20)`);
    const after = (await analysis(20)).body.data;
    expect(Date.parse(after.computedAt)).toBeGreaterThan(Date.parse(before.computedAt));
    expect({ ...after, computedAt: null }).toEqual({ ...before, computedAt: null });
  });
});
