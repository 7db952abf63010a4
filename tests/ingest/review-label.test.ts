import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { steamReviewLabel } from "../../lib/market/review-label";

describe("Steam review labels by Steam's thresholds", () => {
  it.each([
    [0, 0, 0, "No user reviews"],
    // Steam's own text, checked against its 2021 labels (234 apps): "1 user reviews", not "1 user review"
    [1, 0, 0, "1 user reviews"],
    [5, 4, 0, "9 user reviews"],
    [10, 0, 7, "Positive"],
    [8, 2, 7, "Positive"],
    [49, 0, 7, "Positive"],
    [50, 0, 8, "Very Positive"],
    [40, 10, 8, "Very Positive"],
    [475, 25, 9, "Overwhelmingly Positive"],
    [474, 26, 8, "Very Positive"],
    [499, 0, 8, "Very Positive"],
    [79, 21, 6, "Mostly Positive"],
    [70, 30, 6, "Mostly Positive"],
    [69, 31, 5, "Mixed"],
    [40, 60, 5, "Mixed"],
    [39, 61, 4, "Mostly Negative"],
    [20, 80, 4, "Mostly Negative"],
    [1, 9, 3, "Negative"],
    [9, 40, 3, "Negative"],
    [9, 41, 2, "Very Negative"],
    [99, 400, 2, "Very Negative"],
    [99, 401, 1, "Overwhelmingly Negative"],
  ])("%i positive, %i negative: %i %s", (positive, negative, score, label) => {
    expect(steamReviewLabel(positive, negative)).toEqual({ score, label });
  });

  it("floors the percentage, as Steam does (79.9% is Mostly Positive, 94.9% with 500+ is Very Positive)", () => {
    expect(steamReviewLabel(799, 201).label).toBe("Mostly Positive");
    expect(steamReviewLabel(949, 51).label).toBe("Very Positive");
    expect(steamReviewLabel(950, 50).label).toBe("Overwhelmingly Positive");
  });
});

describe("Steam review labels against the labels Steam published", () => {
  const path = join(process.cwd(), "prisma/data/store/review-stats-2021.json.gz");
  const stats = Object.entries<{ review_score: number; review_score_desc: string; total_positive: number; total_negative: number }>(
    JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")),
  );

  it("agrees on every one of the 13,275 apps (score and label)", () => {
    const disagreements = stats.filter(([, s]) => {
      const ours = steamReviewLabel(s.total_positive, s.total_negative);
      return ours.label !== s.review_score_desc || ours.score !== s.review_score;
    });
    expect(stats).toHaveLength(13_275);
    expect(disagreements).toEqual([]);
  });

  it("would not agree with rounding instead of flooring (the data tells them apart)", () => {
    const rounded = (p: number, n: number) => Math.round((p / (p + n)) * 100);
    const telling = stats.filter(([, s]) => {
      const total = s.total_positive + s.total_negative;
      return total >= 10 && rounded(s.total_positive, s.total_negative) !== Math.floor((s.total_positive / total) * 100);
    });
    expect(telling.length).toBeGreaterThan(100);
  });
});
