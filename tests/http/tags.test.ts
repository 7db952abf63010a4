import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { expectSuccess } from "../support/envelope";
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

describe("GET /tags paging and search", () => {
  it("the envelope, limit/offset and the last page", async () => {
    const page = await api("/tags?limit=10&offset=20");
    expectSuccess(page, { list: true });
    expect(page.body.pagination).toEqual({ limit: 10, offset: 20, total: 444, nextOffset: 30 });
    const all = await api("/tags?limit=100&offset=0");
    expect(page.body.data).toEqual(all.body.data.slice(20, 30));
    const last = await api("/tags?limit=10&offset=440");
    expectSuccess(last, { list: true });
    expect(last.body.data).toHaveLength(4);
    const past = await api("/tags?offset=444");
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination).toEqual({ limit: 25, offset: 444, total: 444 });
  });

  it("q=rogue: rogue-like and rogue-lite are the top two; q pages like the full list", async () => {
    const res = await api("/tags?q=rogue");
    expectSuccess(res, { list: true });
    expect(res.body.data.slice(0, 2).map((t: any) => t.slug).sort()).toEqual(["rogue-like", "rogue-lite"]);
    const second = await api(`/tags?q=rogue&limit=2&offset=2`);
    expect(second.body.data).toEqual(res.body.data.slice(2, 4));
    expect(second.body.pagination.total).toBe(res.body.pagination.total);
  });

  it("q with nothing close is an empty page with total 0", async () => {
    const res = await api("/tags?q=zzqqxxjj");
    expectSuccess(res, { list: true });
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination.total).toBe(0);
  });

  it("gameCount is the number of catalog games carrying the tag", async () => {
    const db = new pg.Client({ connectionString: inject("databaseUrl") });
    await db.connect();
    try {
      for (const tag of (await api("/tags?limit=5&offset=0")).body.data.concat((await api("/tags?limit=5&offset=300")).body.data)) {
        const { rows } = await db.query("SELECT count(*)::int AS n FROM game_tags WHERE tag_id = $1", [tag.id]);
        expect(tag.gameCount, tag.slug).toBe(rows[0].n);
      }
    } finally {
      await db.end();
    }
  });

  it("shows tag names as Steam shows them, without HTML entities, with slugs derived from them", async () => {
    const names: string[] = [];
    for (let offset = 0; offset < 444; offset += 100) {
      for (const tag of (await api(`/tags?limit=100&offset=${offset}`)).body.data) names.push(`${tag.slug} ${tag.name}`);
    }
    expect(names.filter((n) => /&[a-z]+;|&#\d+;|-amp-/.test(n))).toEqual([]);
    const res = await api("/tags?q=point%20and%20click");
    expect(res.body.data[0]).toMatchObject({ slug: "point-and-click", name: "Point & Click" });
  });
});

