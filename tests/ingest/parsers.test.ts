import { describe, expect, it } from "vitest";
import { tagKey } from "../../lib/market/ingest/match-tags";
import { parseOwners, splitNames } from "../../lib/market/ingest/read-steamspy";
import { searchPrice } from "../../lib/market/ingest/read-store";
import { parseReleaseDate } from "../../lib/market/ingest/release-date";
import { decodeEntities } from "../../lib/market/ingest/text";
import { slugify } from "../../lib/market/slugify";

describe("release dates as stores print them", () => {
  it.each([
    ["2013-07-09", "2013-07-09", "day", 2013],
    ["21 Aug, 2012", "2012-08-21", "day", 2012],
    ["Jun 5, 2023", "2023-06-05", "day", 2023],
    ["December 2023", "2023-12-01", "month", 2023],
    ["Apr 2022", "2022-04-01", "month", 2022],
    ["2023", "2023-01-01", "year", 2023],
    ["Coming soon", null, "unknown", null],
    ["someday", null, "unknown", null],
    ["Feb 30, 2023", null, "unknown", null],
    ["", null, "unknown", null],
  ])("%s", (text, date, precision, year) => {
    expect(parseReleaseDate(text)).toEqual({ date, precision, year });
  });
});

describe("SteamSpy strings", () => {
  it.each([
    ["Valve", ["Valve"]],
    ["Square Enix, PlatinumGames Inc.", ["Square Enix", "PlatinumGames Inc."]],
    ["CAPCOM Co., Ltd.", ["CAPCOM Co., Ltd."]],
    ["Nicalis, Inc., Edmund McMillen", ["Nicalis, Inc.", "Edmund McMillen"]],
    ["Maddy Makes Games Inc., Extremely OK Games, Ltd.", ["Maddy Makes Games Inc.", "Extremely OK Games, Ltd."]],
    ["IMCGAMES Co.,Ltd.", ["IMCGAMES Co.,Ltd."]],
    ["Signo &amp; Arte", ["Signo & Arte"]],
    ["L&amp;amp;L Technology", ["L&L Technology"]],
    ["dtp – young entertainment Gmbh &amp; Co. KG, Cosmi", ["dtp – young entertainment Gmbh & Co. KG", "Cosmi"]],
    ["Obsidian Entertainment, Aspyr (Mac, Linux, &amp; Windows Update)", ["Obsidian Entertainment", "Aspyr (Mac, Linux, & Windows Update)"]],
    ["WipleGames Inc.,", ["WipleGames Inc."]],
    ["", []],
  ])("splits %j", (text, names) => {
    expect(splitNames(text)).toEqual(names);
  });

  it("reads owners ranges from both formats", () => {
    expect(parseOwners("1,000,000 .. 2,000,000")).toEqual({ low: 1_000_000, high: 2_000_000 });
    expect(parseOwners("10000000-20000000")).toEqual({ low: 10_000_000, high: 20_000_000 });
    expect(parseOwners("")).toBeNull();
    expect(parseOwners("lots")).toBe("bad");
  });
});

describe("store search prices", () => {
  it.each([
    ["59.99", "No Discount", { cents: 5999, initialCents: 5999, currency: "USD", discountPercent: 0 }],
    ["15.99", "-20%", { cents: 1599, initialCents: null, currency: "USD", discountPercent: 20 }],
    ["Free To Play", "No Discount", { cents: 0, initialCents: 0, currency: "USD", discountPercent: 0 }],
    ["14.99</strike></span><br>Free", "-75%", { cents: 0, initialCents: 1499, currency: "USD", discountPercent: 75 }],
    ["", "", null],
    ["Download", "", null],
  ])("%s (%s)", (price, discount, expected) => {
    expect(searchPrice(price, discount)).toEqual(expected);
  });
});

describe("names", () => {
  it.each([
    ["Free to Play", "free-to-play"],
    ["RPG", "rpg"],
    ["Rogue-like", "rogue-like"],
    ["Sci-fi", "sci-fi"],
    ["1990's", "1990s"],
    ["4X", "4x"],
    ["e-sports", "e-sports"],
    ["eSports", "esports"],
    ["Point & Click", "point-and-click"],
    ["Shoot 'Em Up", "shoot-em-up"],
    ["Pokémon", "pokemon"],
  ])("slugify(%j) = %s", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("decodes Steam's HTML escapes and matches tag spellings loosely", () => {
    expect(decodeEntities("Point &amp; Click &#39;n&#x27; more")).toBe("Point & Click 'n' more");
    expect(decodeEntities("L&amp;amp;L Technology")).toBe("L&L Technology");
    expect(decodeEntities("Mage &amp;amp; Foes &amp;lt;3")).toBe("Mage & Foes <3");
    expect(tagKey("Base-Building")).toBe(tagKey("Base Building"));
    expect(tagKey("e-sports")).toBe(tagKey("eSports"));
    expect(tagKey("Dystopian ")).toBe(tagKey("Dystopian"));
  });
});
