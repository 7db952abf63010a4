import { describe, expect, it } from "vitest";
import { median, releaseCadence } from "@/lib/market/companies/release-cadence";
import { reviewValues, withDeltas } from "@/lib/market/history/game-history";
import { tagWeight } from "@/lib/market/similar-games";

describe("release cadence", () => {
  it("counts releases per year and takes the median gap over day-precision dates only", () => {
    const cadence = releaseCadence([
      { date: "2020-01-01", precision: "day", year: 2020 },
      { date: "2020-01-11", precision: "day", year: 2020 },
      { date: "2020-03-01", precision: "month", year: 2020 },
      { date: "2021-01-11", precision: "day", year: 2021 },
      { date: null, precision: "unknown", year: null },
    ]);
    expect(cadence.releasesPerYear).toEqual({ "2020": 3, "2021": 1 });
    expect(cadence.gamesWithReleaseYear).toBe(4);
    expect(cadence.gamesWithoutReleaseDate).toBe(1);
    expect(cadence.dayPrecisionReleases).toBe(3);
    expect(cadence.medianDaysBetweenReleases).toBe((10 + 366) / 2);
    expect(cadence).toMatchObject({ firstRelease: "2020-01-01", latestRelease: "2021-01-11", yearsSpanned: 2, averageReleasesPerActiveYear: 2 });
  });

  it("has no median gap with fewer than two dated releases, and same-day releases count 0", () => {
    expect(releaseCadence([{ date: "2020-01-01", precision: "day", year: 2020 }]).medianDaysBetweenReleases).toBeNull();
    expect(median([])).toBeNull();
    expect(
      releaseCadence([
        { date: "2020-01-01", precision: "day", year: 2020 },
        { date: "2020-01-01", precision: "day", year: 2020 },
      ]).medianDaysBetweenReleases,
    ).toBe(0);
  });
});

describe("history deltas", () => {
  const point = (observedOn: string, source: string, value: number | null) => ({ observedOn, source, values: value === null ? null : { value } });

  it("skips an observation lacking the measure instead of filling it, and states the span", () => {
    const { deltas } = withDeltas(
      [point("2018-07-01", "steam-review-stats-2021", 10), point("2023-02-04", "steamspy-2023-02-04", null), point("2025-01-01", "steamspy-2025-01-01", 25)],
      ["value"],
    );
    expect(deltas).toEqual([
      {
        measure: "value",
        fromObservedOn: "2018-07-01",
        toObservedOn: "2025-01-01",
        fromSource: "steam-review-stats-2021",
        toSource: "steamspy-2025-01-01",
        days: 2376,
        from: 10,
        to: 25,
        change: 15,
        sameCollector: false,
      },
    ]);
  });

  it("flags two SteamSpy snapshots as the same collector; a single observation has no delta", () => {
    const { deltas } = withDeltas([point("2023-02-04", "steamspy-2023-02-04", 5), point("2025-01-01", "steamspy-2025-01-01", 3)], ["value"]);
    expect(deltas[0]).toMatchObject({ change: -2, sameCollector: true, days: 697 });
    expect(withDeltas([point("2025-01-01", "steamspy-2025-01-01", 3)], ["value"]).deltas).toEqual([]);
  });

  it("rates reviews as positive / total, null without reviews", () => {
    expect(reviewValues(3, 1)).toEqual({ positive: 3, negative: 1, total: 4, rating: 0.75 });
    expect(reviewValues(0, 0).rating).toBeNull();
  });
});

describe("tag weights", () => {
  it("weigh 1/rank: the first tag most", () => {
    expect([1, 2, 4].map(tagWeight)).toEqual([1, 0.5, 0.25]);
  });
});
