import { describe, expect, it } from "vitest";
import { searchTags, suggestTags } from "@/lib/market/search-tags";
import { TAG_ALIASES } from "@/lib/market/tag-aliases";
import type { TagCatalog, TagRecord } from "@/lib/market/tag-catalog";
import { compactKey } from "@/lib/market/text-distance";

// A small catalog with real Steam tag ids, names and (rounded) game counts, built the way the catalog
// loader indexes it: compact name and slug, then the aliases that point at a known slug.
const TAGS: TagRecord[] = [
  { id: 9, name: "Strategy", slug: "strategy", gameCount: 3442 },
  { id: 122, name: "RPG", slug: "rpg", gameCount: 2856 },
  { id: 113, name: "Free to Play", slug: "free-to-play", gameCount: 977 },
  { id: 1667, name: "Horror", slug: "horror", gameCount: 727 },
  { id: 1685, name: "Co-op", slug: "co-op", gameCount: 501 },
  { id: 3942, name: "Sci-fi", slug: "sci-fi", gameCount: 425 },
  { id: 4434, name: "JRPG", slug: "jrpg", gameCount: 299 },
  { id: 4231, name: "Action RPG", slug: "action-rpg", gameCount: 270 },
  { id: 1716, name: "Rogue-like", slug: "rogue-like", gameCount: 262 },
  { id: 3843, name: "Online Co-Op", slug: "online-co-op", gameCount: 224 },
  { id: 3959, name: "Rogue-lite", slug: "rogue-lite", gameCount: 219 },
  { id: 42804, name: "Action Roguelike", slug: "action-roguelike", gameCount: 187 },
  { id: 3978, name: "Survival Horror", slug: "survival-horror", gameCount: 184 },
  { id: 1091588, name: "Roguelike Deckbuilder", slug: "roguelike-deckbuilder", gameCount: 38 },
  { id: 922563, name: "Roguevania", slug: "roguevania", gameCount: 3 },
];

function catalogOf(tags: TagRecord[]): TagCatalog {
  const sorted = [...tags].sort((a, b) => b.gameCount - a.gameCount || a.id - b.id);
  const bySlug = new Map(sorted.map((tag) => [tag.slug, tag]));
  const byKey = new Map<string, TagRecord>();
  for (const tag of sorted) {
    byKey.set(compactKey(tag.name), tag);
    byKey.set(compactKey(tag.slug), tag);
  }
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, slug] of Object.entries(TAG_ALIASES)) {
    const tag = bySlug.get(slug);
    if (!tag) continue;
    if (!byKey.has(alias)) byKey.set(alias, tag);
    aliasesOf.set(slug, [...(aliasesOf.get(slug) ?? []), alias]);
  }
  return { tags: sorted, bySlug, byId: new Map(sorted.map((tag) => [tag.id, tag])), byKey, aliasesOf };
}

const catalog = catalogOf(TAGS);
const search = (q: string) => searchTags(catalog, q).map((m) => `${m.tag.slug}:${m.match}`);

describe("searchTags", () => {
  it.each([
    ["roguelike", "rogue-like"],
    ["roguelite", "rogue-lite"],
    ["f2p", "free-to-play"],
    ["Free to Play", "free-to-play"],
    ["free-to-play", "free-to-play"],
    ["scifi", "sci-fi"],
    ["Sci-Fi", "sci-fi"],
    ["coop", "co-op"],
    ["RPG", "rpg"],
  ])("q=%s: %s first, as an exact match (name, slug or alias)", (q, slug) => {
    expect(search(q)[0]).toBe(`${slug}:exact`);
  });

  it("ranks exact, then prefix, then word, then substring, then close spellings", () => {
    const ranks = ["exact", "prefix", "word", "substring", "fuzzy"];
    for (const q of ["rpg", "rogue", "roguelike", "horror", "co", "strat", "stratgy"]) {
      const order = searchTags(catalog, q).map((m) => ranks.indexOf(m.match));
      expect(order, q).toEqual([...order].sort((a, b) => a - b));
    }
    expect(search("rpg")).toEqual(["rpg:exact", "action-rpg:word", "jrpg:substring"]);
  });

  it("q=rogue: the four rogue- prefixes, most used first, then the tags with a word starting with it", () => {
    expect(search("rogue")).toEqual([
      "rogue-like:prefix",
      "rogue-lite:prefix",
      "roguelike-deckbuilder:prefix",
      "roguevania:prefix",
      "action-roguelike:word",
    ]);
  });

  it("q=roguelike: the alias, then tags containing the word, then rogue-lite as a close spelling", () => {
    expect(search("roguelike")).toEqual([
      "rogue-like:exact",
      "roguelike-deckbuilder:prefix",
      "action-roguelike:word",
      "rogue-lite:fuzzy",
    ]);
  });

  it("matches words of multi-word names in any position", () => {
    expect(search("horror")).toEqual(["horror:exact", "survival-horror:word"]);
    expect(search("online co")[0]).toBe("online-co-op:prefix");
  });

  it("finds misspellings within the budget: 1 edit up to 4 characters, 2 up to 8, 3 beyond", () => {
    expect(search("stratgy")).toEqual(["strategy:fuzzy"]);
    expect(search("rpq")).toEqual(["rpg:fuzzy"]);
    expect(search("horrro")).toContain("horror:fuzzy");
    expect(search("hxrxxr")).toEqual([]);
  });

  it("finds nothing for text without letters or digits, or that matches nothing", () => {
    expect(searchTags(catalog, "")).toEqual([]);
    expect(searchTags(catalog, " -_- ")).toEqual([]);
    expect(searchTags(catalog, "zzzzqqqq")).toEqual([]);
  });

  it("breaks ties by game count, then by id", () => {
    const tied = catalogOf([
      { id: 2, name: "Alpha Two", slug: "alpha-two", gameCount: 5 },
      { id: 1, name: "Alpha One", slug: "alpha-one", gameCount: 5 },
      { id: 3, name: "Alpha Three", slug: "alpha-three", gameCount: 9 },
    ]);
    expect(searchTags(tied, "alpha").map((m) => m.tag.id)).toEqual([3, 1, 2]);
  });
});

describe("suggestTags", () => {
  it("suggests the tag an alias or spelling variant names, alone", () => {
    expect(suggestTags(catalog, "roguelike")).toEqual(["rogue-like"]);
    expect(suggestTags(catalog, "F2P")).toEqual(["free-to-play"]);
    expect(suggestTags(catalog, "Sci Fi")).toEqual(["sci-fi"]);
  });

  it("suggests rpg for rpgg and horror for horor", () => {
    expect(suggestTags(catalog, "rpgg")).toEqual(["rpg"]);
    expect(suggestTags(catalog, "horor")[0]).toBe("horror");
  });

  it("puts the closest spelling first, even when a farther one is more used", () => {
    // roguelikee is one edit from roguelike and two from roguelite
    const popularLite = catalogOf(TAGS.map((t) => (t.slug === "rogue-lite" ? { ...t, gameCount: 999 } : t)));
    expect(suggestTags(popularLite, "roguelikee")[0]).toBe("rogue-like");
  });

  it("returns at most max suggestions, every one a known slug, even for junk", () => {
    for (const unknown of ["rogue", "zzzzqqqq", "x", "🙂", "a".repeat(300)]) {
      const suggestions = suggestTags(catalog, unknown);
      expect(suggestions.length, unknown).toBeLessThanOrEqual(3);
      for (const slug of suggestions) expect(catalog.bySlug.has(slug)).toBe(true);
    }
    expect(suggestTags(catalog, "rogue", 2)).toEqual(["rogue-like", "rogue-lite"]);
  });
});
