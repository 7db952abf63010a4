import { describe, expect, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { useDatabase } from "./db";

const sql = useDatabase();

/** Weighted Jaccard with 1/rank weights, from the raw game_tags rows: an independent recomputation. */
async function expectedScore(a: number, b: number) {
  const rows = await sql<{ app_id: number; tag_id: number; rank: number }>("SELECT app_id, tag_id, rank FROM game_tags WHERE app_id = ANY($1)", [[a, b]]);
  const weights = (app: number) => new Map(rows.filter((r) => r.app_id === app).map((r) => [r.tag_id, 1 / r.rank]));
  const [wa, wb] = [weights(a), weights(b)];
  let min = 0;
  let max = 0;
  for (const tag of new Set([...wa.keys(), ...wb.keys()])) {
    min += Math.min(wa.get(tag) ?? 0, wb.get(tag) ?? 0);
    max += Math.max(wa.get(tag) ?? 0, wb.get(tag) ?? 0);
  }
  return min / max;
}

describe("GET /games/{appId}/similar", () => {
  it("lists Counter-Strike: Global Offensive's neighbours, most similar first, scores recomputed from game_tags", async () => {
    const res = await api("/games/730/similar?limit=20");
    expectSuccess(res, { list: true });
    const items = res.body.data;
    expect(items).toHaveLength(20);
    for (let i = 1; i < items.length; i++) expect(items[i - 1].score).toBeGreaterThanOrEqual(items[i].score);
    for (const item of items.slice(0, 5)) {
      expect(item.score).toBeCloseTo(await expectedScore(730, item.appId), 4);
      expect(item.appId).not.toBe(730);
    }
    expect(res.body.meta.similarity).toMatchObject({ method: "weighted-jaccard", tagWeight: "1/rank", appId: 730 });
    expect(res.body.meta.similarity.tags[0]).toMatchObject({ slug: "fps", rank: 1, weight: 1 });
  });

  it("names the shared tags with their rank in each game, as game_tags has them", async () => {
    const res = await api("/games/730/similar?limit=5");
    for (const item of res.body.data) {
      const rows = await sql(
        `SELECT t.slug, a.rank, b.rank AS peer_rank FROM game_tags a JOIN game_tags b ON b.tag_id = a.tag_id JOIN tags t ON t.id = a.tag_id
         WHERE a.app_id = 730 AND b.app_id = $1 ORDER BY a.rank`,
        [item.appId],
      );
      expect(item.sharedTags.map((t: any) => [t.slug, t.rank, t.peerRank])).toEqual(rows.map((r) => [r.slug, r.rank, r.peer_rank]));
      const [{ n }] = await sql("SELECT count(*)::int AS n FROM game_tags WHERE app_id = $1", [item.appId]);
      expect(item.peerTagCount).toBe(n);
    }
  });

  it("counts every game sharing a tag; reviewsMin keeps only games with that many reviews", async () => {
    const all = await api("/games/730/similar?limit=1");
    const [{ n }] = await sql(
      "SELECT count(DISTINCT app_id)::int AS n FROM game_tags WHERE tag_id IN (SELECT tag_id FROM game_tags WHERE app_id = 730) AND app_id <> 730",
    );
    expect(all.body.pagination.total).toBe(n);
    const filtered = await api("/games/730/similar?reviewsMin=10000&limit=50");
    expectSuccess(filtered, { list: true });
    for (const item of filtered.body.data) expect(item.reviewsTotal).toBeGreaterThanOrEqual(10_000);
    const [{ m }] = await sql(
      `SELECT count(DISTINCT gt.app_id)::int AS m FROM game_tags gt JOIN games g ON g.app_id = gt.app_id
       WHERE gt.tag_id IN (SELECT tag_id FROM game_tags WHERE app_id = 730) AND gt.app_id <> 730 AND g.reviews_total >= 10000`,
    );
    expect(filtered.body.pagination.total).toBe(m);
  });

  it("pages continue the same order", async () => {
    const whole = await api("/games/440/similar?limit=10");
    const second = await api("/games/440/similar?limit=5&offset=5");
    expect(second.body.data.map((g: any) => g.appId)).toEqual(whole.body.data.slice(5).map((g: any) => g.appId));
  });

  it("a game without tags: an empty list and a NO_TAGS warning", async () => {
    const [{ app_id }] = await sql(
      "SELECT app_id FROM games g WHERE NOT EXISTS (SELECT 1 FROM game_tags t WHERE t.app_id = g.app_id) ORDER BY reviews_total DESC NULLS LAST LIMIT 1",
    );
    const res = await api(`/games/${app_id}/similar`);
    expectSuccess(res, { list: true });
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
    expect(res.body.warnings.map((w: any) => w.code)).toContain("NO_TAGS");
  });

  it("unknown app id: NOT_FOUND; bad ids and parameters: BAD_REQUEST naming them", async () => {
    expectError(await api("/games/999999999/similar"), 404, "NOT_FOUND", "appId");
    for (const bad of ["abc", "0", "-1", "1.5", "99999999999"]) expectError(await api(`/games/${bad}/similar`), 400, "BAD_REQUEST", "appId");
    expectError(await api("/games/730/similar?reviewsMin=-1"), 400, "BAD_REQUEST", "reviewsMin");
    expectError(await api("/games/730/similar?reviewsMin=lots"), 400, "BAD_REQUEST", "reviewsMin");
    expectError(await api("/games/730/similar?limit=500"), 400, "BAD_REQUEST", "limit");
    expectError(await api("/games/730/similar?tags=fps"), 400, "BAD_REQUEST", "tags");
  });
});
