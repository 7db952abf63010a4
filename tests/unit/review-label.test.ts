import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { steamReviewLabel } from "@/lib/market/review-label";

describe("Steam review labels", () => {
  it.each([
    [0, 0, 0, "No user reviews"],
    [1, 0, 0, "1 user reviews"],
    [9, 0, 0, "9 user reviews"],
    [10, 0, 7, "Positive"],
    [49, 0, 7, "Positive"],
    [50, 0, 8, "Very Positive"],
    [475, 25, 9, "Overwhelmingly Positive"],
    [474, 26, 8, "Very Positive"],
    [8, 2, 7, "Positive"],
    [79, 21, 6, "Mostly Positive"],
    [70, 30, 6, "Mostly Positive"],
    [69, 31, 5, "Mixed"],
    [40, 60, 5, "Mixed"],
    [39, 61, 4, "Mostly Negative"],
    [20, 80, 4, "Mostly Negative"],
    [1, 9, 3, "Negative"],
    [9, 41, 2, "Very Negative"],
    [99, 401, 1, "Overwhelmingly Negative"],
  ])("%i positive, %i negative: %i %s", (positive, negative, score, label) => {
    expect(steamReviewLabel(positive, negative)).toEqual({ score, label });
  });

  it("agrees with every label Steam published in the 2021 review statistics", () => {
    const stats = JSON.parse(gunzipSync(readFileSync("prisma/data/store/review-stats-2021.json.gz")).toString("utf8"));
    const disagreements = Object.entries<any>(stats).filter(
      ([, s]) => steamReviewLabel(s.total_positive, s.total_negative).label !== s.review_score_desc,
    );
    expect(Object.keys(stats).length).toBeGreaterThan(13_000);
    expect(disagreements).toEqual([]);
  });
});
