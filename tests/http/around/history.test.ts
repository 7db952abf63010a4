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
    });
    // owners, CCU and price: the observations of the sources that collect them (SteamSpy's), one point each
    const spy = rows.filter((r) => r.source.startsWith("steamspy-"));
    expect(h.owners.points).toEqual(spy.map((r) => ({ source: r.source, observedOn: r.day, values: { low: r.owners_low, high: r.owners_high } })));
    expect(h.ccu.points.map((p: any) => p.values)).toEqual(spy.map((r) => ({ value: r.ccu })));
    expect(h.price.points.map((p: any) => p.values.cents)).toEqual(spy.map((r) => r.price_cents));
  });

  it("a series holds only the sources that collect its measure: the 2018 review statistics are in reviews, nothing is filled in", async () => {
    const h = (await api("/games/48000/history")).body.data;
    expect(h.reviews.points[0]).toMatchObject({ source: "steam-review-stats-2021", observedOn: "2018-07-01" });
    for (const series of [h.owners, h.ccu, h.price]) {
      expect(series.points.map((p: any) => p.source)).toEqual(["steamspy-2023-02-04", "steamspy-2025-01-01"]);
    }
    expect(h.players).toEqual({ points: [], deltas: [] });
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
    expect(res.body.meta.locked).toEqual(["owners", "ccu", "players", "estimates"]);
    expect(res.body.data.owners).toBeNull();
    expect(res.body.data.ccu).toBeNull();
    expect(res.body.data.estimates).toBeNull();
    expect(res.body.data.reviews.points).toHaveLength(3);
  });

  it("a window and a step: from/to bound the observations, week and month keep each source's last point of the period", async () => {
    const since = (await api("/games/48000/history?from=2020-01-01")).body.data;
    expect(since.window).toEqual({ from: "2020-01-01", to: null, step: "day" });
    expect(since.observations.map((o: any) => o.observedOn)).toEqual(["2023-02-04", "2025-01-01"]);
    const before = (await api("/games/48000/history?to=2019-12-31&step=month")).body.data;
    expect(before.observations.map((o: any) => o.observedOn)).toEqual(["2018-07-01"]);
    expect(before.reviews.deltas).toEqual([]);
    const empty = await api("/games/48000/history?from=2019-01-01&to=2019-12-31");
    expectSuccess(empty, { list: false });
    expect(empty.body.data.observations).toEqual([]);
    expect(empty.body.warnings.find((w: any) => w.code === "NO_SNAPSHOTS").message).toContain("between 2019-01-01 and 2019-12-31");
    expectError(await api("/games/48000/history?from=2024-01-01&to=2023-01-01"), 400, "BAD_REQUEST", "from");
    expectError(await api("/games/48000/history?step=year"), 400, "BAD_REQUEST", "step");
  });

  it("price points carry the list price and discount where SteamSpy gave them, and discount periods follow from them", async () => {
    const [row] = await sql(
      `SELECT app_id FROM snapshots WHERE source = 'steamspy-2025-01-01' AND discount_percent > 0 AND app_id IN
         (SELECT app_id FROM snapshots WHERE source = 'steamspy-2023-02-04' AND discount_percent = 0) ORDER BY app_id LIMIT 1`,
    );
    const h = (await api(`/games/${row.app_id}/history`)).body.data;
    const rows = await sql(
      `SELECT to_char(observed_on, 'YYYY-MM-DD') AS day, price_cents, initial_price_cents, discount_percent FROM snapshots
       WHERE app_id = $1 AND source LIKE 'steamspy-%' ORDER BY observed_on`,
      [row.app_id],
    );
    expect(h.price.points.map((p: any) => p.values)).toEqual(rows.map((r) => ({ cents: r.price_cents, initialCents: r.initial_price_cents, discountPercent: r.discount_percent })));
    expect(h.discounts).toEqual([
      {
        percent: rows[1].discount_percent,
        priceCents: rows[1].price_cents,
        initialCents: rows[1].initial_price_cents,
        startedAfter: "2023-02-04",
        firstSeenOn: "2025-01-01",
        lastSeenOn: "2025-01-01",
        endedOn: null,
        ongoing: true,
        source: "steamspy-2025-01-01",
      },
    ]);
  });

  it("unknown app id: NOT_FOUND; bad ids and unknown parameters: BAD_REQUEST", async () => {
    expectError(await api("/games/999999999/history"), 404, "NOT_FOUND", "appId");
    for (const bad of ["abc", "0", "-5", "2.5"]) expectError(await api(`/games/${bad}/history`), 400, "BAD_REQUEST", "appId");
    expectError(await api("/games/48000/history?from=2020"), 400, "BAD_REQUEST", "from");
  });
});
