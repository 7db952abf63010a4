import { describe, expect, it } from "vitest";
import { api } from "../support/http";

describe("GET /tags", () => {
  it("lists the 444 Steam tags, most used first, and the pages add up to total", async () => {
    const first = await api("/tags");
    expect(first.body.pagination).toMatchObject({ limit: 25, offset: 0, total: 444, nextOffset: 25 });
    const counts = first.body.data.map((t: any) => t.gameCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const seen = new Set<string>();
    let offset: number | undefined = 0;
    while (offset !== undefined) {
      const page: any = await api(`/tags?limit=100&offset=${offset}`);
      for (const tag of page.body.data) {
        expect(tag).toEqual({ slug: expect.any(String), name: expect.any(String), id: expect.any(Number), gameCount: expect.any(Number) });
        seen.add(tag.slug);
      }
      offset = page.body.pagination.nextOffset;
    }
    expect(seen.size).toBe(444);
  });

  it.each([
    ["f2p", "free-to-play"],
    ["scifi", "sci-fi"],
    ["roguelike", "rogue-like"],
    ["Free to Play", "free-to-play"],
    ["rpg", "rpg"],
  ])("q=%s ranks %s first", async (q, slug) => {
    const res = await api(`/tags?q=${encodeURIComponent(q)}`);
    expect(res.body.data[0].slug).toBe(slug);
    expect(res.body.data[0].match).toBe("exact");
  });

  it("q=rogue finds rogue-like and rogue-lite by prefix, and a misspelling by closeness", async () => {
    const slugs = (await api("/tags?q=rogue")).body.data.map((t: any) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining(["rogue-like", "rogue-lite"]));
    const fuzzy = await api("/tags?q=stratgy");
    expect(fuzzy.body.data.map((t: any) => t.slug)).toContain("strategy");
  });
});
