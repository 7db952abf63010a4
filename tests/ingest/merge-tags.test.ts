import { describe, expect, it } from "vitest";
import { tagMatcher } from "../../lib/market/ingest/match-tags";
import { mergeGame, type MergeInputs } from "../../lib/market/ingest/merge-game";
import type { StoreRecord } from "../../lib/market/ingest/read-store";

// Apps 100980, 253670 and 403030 once had `sources.tags` with no tags: their only tag names were not in
// the tag list. A family is sourced only when the source gives it a value Ludex can store.
const match = tagMatcher([
  { id: 19, name: "Action" },
  { id: 492, name: "Indie" },
  { id: 1698, name: "Point & Click" },
]);
const isKnownTag = (name: string) => match(name) !== undefined;

function store(tagNames: string[] | null): StoreRecord {
  return {
    appId: 100980,
    name: "A Game",
    developers: ["Dev"],
    publishers: ["Pub"],
    release: { date: "2019-03-01", precision: "day", year: 2019, text: "2019-03-01" },
    platforms: ["windows"],
    genres: ["Indie"],
    categories: ["Single-player"],
    tagNames,
    price: null,
    positive: 10,
    negative: 2,
    owners: null,
    playtimeAvg: null,
    playtimeMedian: null,
  };
}

const merge = (inputs: Partial<MergeInputs>) => mergeGame(100980, { spy: [], hasReviewTexts: false, isKnownTag, ...inputs })!;

describe("the tags family", () => {
  it("is sourced when some of the names are known tags, keeping all names for the report", () => {
    const game = merge({ store2019: store(["Point & Click", "Not A Real Tag"]) });
    expect(game.sources.tags).toEqual({ source: "steam-store-2019", observedAt: "2019-04-24" });
    expect(game.tagNames).toEqual(["Point & Click", "Not A Real Tag"]);
    expect(game.coverage).toBe("partial");
  });

  it("has no source, no names and no partial coverage when every name is unknown", () => {
    const game = merge({ store2019: store(["Not A Real Tag", "Another One"]) });
    expect(game.sources).not.toHaveProperty("tags");
    expect(game.tagNames).toEqual([]);
    expect(game.coverage).toBe("basic");
  });

  it("falls back to the older source when the newer one's names are all unknown", () => {
    const game = merge({ search2023: { ...store(["Nope"]), appId: 100980 }, store2019: store(["Indie"]) });
    expect(game.sources.tags.source).toBe("steam-store-2019");
    expect(game.tagNames).toEqual(["Indie"]);
  });
});
