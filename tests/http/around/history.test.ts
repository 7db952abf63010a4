import { describe, expect, it } from "vitest";
import { expectError, expectSuccess } from "../../support/envelope";
import { api } from "../../support/http";
import { useDatabase } from "./db";

const sql = useDatabase();

const snapshotsOf = (appId: number) =>
  sql(
    `SELECT source, to_char(observed_on, 'YYYY-MM-DD') AS day, reviews_positive, reviews_negative, owners_low, owners_high, ccu, price_cents
     FROM snapshots WHERE app_id = $1 ORDER BY observed_on`,
    [appId],
  );

describe("GET /games/{appId}/history", () => {
  it("LIMBO: three observations, each family's points equal to the snapshot rows, dated and sourced", async () => {
    const res = await api("/games/48000/history");
    expectSuccess(res, { list: false });
    const h = res.body.data;
    const rows = await snapshotsOf(48000);
    expect(rows).toHaveLength(3);
    expect(h.observations.map((o: any) => [o.source, o.observedOn])).toEqual(rows.map((r) => [r.source, r.day]));
    expect(h.observations[0]).toMatchObject({ source: "steam-review-stats-2021", observedOn: "2018-07-01", collects: ["reviews"] });
    rows.forEach((r, i) => {
      const total = r.reviews_positive + r.reviews_negative;
      expect(h.reviews.points[i]).toEqual({
        source: r.source,
        observedOn: r.day,
        values: { positive: r.reviews_positive, negative: r.reviews_negative, total, rating: Math.round((r.reviews_positive / total) * 10_000) / 10_000 },
      });
      expect(h.owners.points[i].values).toEqual(r.owners_low === null ? null : { low: r.owners_low, high: r.owners_high });
      expect(h.ccu.points[i].values).toEqual(r.ccu === null ? null : { value: r.ccu });
      expect(h.price.points[i].values).toEqual(r.price_cents === null ? null : { cents: r.price_cents });
    });
  });

  it("gaps stay null: the 2018 review statistics carry no owners, CCU or price, and nothing is filled in", async () => {
    const h = (await api("/games/48000/history")).body.data;
    expect(h.owners.points[0]).toEqual({ source: "steam-review-stats-2021", observedOn: "2018-07-01", values: null });
    expect(h.ccu.points[0].values).toBeNull();
    expect(h.price.points[0].values).toBeNull();
    // Owners: one delta per bound, 2023 to 2025 only.
    expect(h.owners.deltas.map((d: any) => [d.measure, d.fromObservedOn, d.toObservedOn])).toEqual([
      ["low", "2023-02-04", "2025-01-01"],
      ["high", "2023-02-04", "2025-01-01"],
    ]);
  });

  it("deltas are differences of consecutive observations of the same measure, flagged across collectors", async () => {
    const h = (await api("/games/48000/history")).body.data;
    const rows = await snapshotsOf(48000);
    const totals = rows.map((r) => r.reviews_positive + r.reviews_negative);
    const total = h.reviews.deltas.filter((d: any) => d.measure === "total");
    expect(total.map((d: any) => d.change)).toEqual([totals[1] - totals[0], totals[2] - totals[1]]);
    expect(total.map((d: any) => d.sameCollector)).toEqual([false, true]);
    expect(total[1]).toMatchObject({ fromObservedOn: "2023-02-04", toObservedOn: "2025-01-01", days: 697, from: totals[1], to: totals[2] });
    const ccu = h.ccu.deltas[0];
    expect(ccu.change).toBe(rows[2].ccu - rows[1].ccu);
  });

  it("a game observed in 2018 and 2025 only: the review delta spans that interval and says so", async () => {
    const h = (await api("/games/220/history")).body.data;
    expect(h.observations.map((o: any) => o.observedOn)).toEqual(["2018-07-01", "2025-01-01"]);
    const total = h.reviews.deltas.find((d: any) => d.measure === "total");
    expect(total).toMatchObject({ fromObservedOn: "2018-07-01", toObservedOn: "2025-01-01", days: 2376, sameCollector: false });
    expect(h.ccu.deltas).toEqual([]);
  });

  it("a game no snapshot source observed: empty series and a NO_SNAPSHOTS warning", async () => {
    const [{ app_id }] = await sql("SELECT app_id FROM games g WHERE NOT EXISTS (SELECT 1 FROM snapshots s WHERE s.app_id = g.app_id) ORDER BY app_id LIMIT 1");
    const res = await api(`/games/${app_id}/history`);
    expectSuccess(res, { list: false });
    expect(res.body.data.observations).toEqual([]);
    expect(res.body.data.reviews).toEqual({ points: [], deltas: [] });
    expect(res.body.warnings.map((w: any) => w.code)).toContain("NO_SNAPSHOTS");
  });

  it("the anonymous preview locks owners, CCU and estimates, keeps reviews and price", async () => {
    const res = await api("/games/48000/history", { token: null });
    expectSuccess(res, { list: false });
    expect(res.body.meta.locked).toEqual(["owners", "ccu", "estimates"]);
    expect(res.body.data.owners).toBeNull();
    expect(res.body.data.ccu).toBeNull();
    expect(res.body.data.estimates).toBeNull();
    expect(res.body.data.reviews.points).toHaveLength(3);
  });

  it("unknown app id: NOT_FOUND; bad ids and unknown parameters: BAD_REQUEST", async () => {
    expectError(await api("/games/999999999/history"), 404, "NOT_FOUND", "appId");
    for (const bad of ["abc", "0", "-5", "2.5"]) expectError(await api(`/games/${bad}/history`), 400, "BAD_REQUEST", "appId");
    expectError(await api("/games/48000/history?from=2020"), 400, "BAD_REQUEST", "from");
  });
});
