// Theme extraction on real Steam reviews (the vendored appreviews dumps, March 2019).
import { describe, expect, it } from "vitest";
import { analyseReviews, type ComputedAnalysis } from "@/lib/market/reviews/analyse-reviews";
import { realReviews } from "./real-reviews";

const analyse = (appId: number, name: string) => analyseReviews({ appId, name, steamReviews: null, trajectory: [], reviews: realReviews(appId) });

const keys = (analysis: ComputedAnalysis, side: "positive" | "negative") => analysis.themes![side].map((t) => t.key);

describe("themes of real reviews", () => {
  const pubg = analyse(578080, "PLAYERUNKNOWN'S BATTLEGROUNDS");

  it("PUBG: servers and cheating, the complaints its reviews repeat, are negative themes", () => {
    // Read in the texts: "the devs keep on apologizing for the terrible servers", "More and more hackers and cheaters".
    const negative = keys(pubg, "negative");
    expect(negative).toContain("server");
    expect(negative.some((key) => key === "hacker" || key === "cheater")).toBe(true);
    expect(keys(pubg, "positive")).not.toContain("server");
  });

  it("CS:GO: cheaters lead its negative themes; Oddworld's puzzles are praised", () => {
    const csgo = analyse(730, "Counter-Strike: Global Offensive");
    expect(keys(csgo, "negative")[0]).toBe("cheater");
    expect(keys(analyse(15700, "Oddworld: Abe's Oddysee"), "positive")).toContain("puzzle");
  });

  it("each theme's figures are consistent with the analysed reviews, and quotes are real excerpts", () => {
    // Quotes come from the text without Steam's BBCode markup ([b], [list], [*]...).
    const texts = new Map(realReviews(578080).map((r) => [r.id, r.text.replace(/\[\/?([a-z][a-z0-9]*|\*)(=[^\]]*)?\]/gi, " ").replace(/\s+/g, " ")]));
    const analysed = pubg.denominators.analysed.count;
    for (const theme of [...pubg.themes!.positive, ...pubg.themes!.negative]) {
      expect(theme.share).toBeCloseTo(theme.reviews / analysed, 4);
      expect(theme.reviewers).toBeLessThanOrEqual(theme.reviews);
      expect(theme.reviews).toBeGreaterThanOrEqual(Math.max(3, Math.ceil(0.01 * analysed)));
      expect(theme.examples.length).toBeGreaterThan(0);
      expect(new Set(theme.examples.map((e) => e.reviewId)).size).toBe(theme.examples.length);
      for (const example of theme.examples) {
        const body = example.quote.replace(/^…|…$/g, "");
        expect(texts.get(example.reviewId), theme.key).toContain(body);
        expect(body).not.toMatch(/\[\/?[a-z*]+\]/i);
      }
    }
  });

  it("leaves the title's own name and review boilerplate out of the themes", () => {
    const dota = analyse(570, "Dota 2");
    const all = [...keys(dota, "positive"), ...keys(dota, "negative"), ...keys(pubg, "positive"), ...keys(pubg, "negative")];
    for (const word of ["dota", "game", "battlegrounds", "time", "hour", "review"]) expect(all.join(" ").split(" ")).not.toContain(word);
  });

  it("is deterministic and independent of the order the rows arrive in", () => {
    const reviews = realReviews(15700);
    const input = { appId: 15700, name: "Oddworld: Abe's Oddysee", steamReviews: null, trajectory: [] };
    const first = analyseReviews({ ...input, reviews });
    expect(analyseReviews({ ...input, reviews })).toEqual(first);
    expect(analyseReviews({ ...input, reviews: [...reviews].reverse() })).toEqual(first);
  });
});
