import { describe, expect, it } from "vitest";
import { buildPagination, DEFAULT_LIMIT, MAX_LIMIT } from "@/lib/api/pagination";

describe("buildPagination", () => {
  it("gives nextOffset = offset + limit when a next page exists", () => {
    expect(buildPagination(25, 0, 444)).toEqual({ limit: 25, offset: 0, total: 444, nextOffset: 25 });
    expect(buildPagination(100, 300, 444)).toEqual({ limit: 100, offset: 300, total: 444, nextOffset: 400 });
  });

  it("has no nextOffset key on the last page, an exactly full last page included", () => {
    for (const [limit, offset, total] of [[100, 400, 444], [100, 300, 400], [25, 0, 25], [25, 0, 0], [10, 0, 1]]) {
      const page = buildPagination(limit, offset, total);
      expect(page).toEqual({ limit, offset, total });
      expect(Object.keys(page)).not.toContain("nextOffset");
    }
  });

  it("has no nextOffset past the end", () => {
    expect(buildPagination(25, 10_000, 444)).toEqual({ limit: 25, offset: 10_000, total: 444 });
  });

  it("has a next page when exactly one item remains", () => {
    expect(buildPagination(1, 0, 2).nextOffset).toBe(1);
    expect(buildPagination(1, 1, 2).nextOffset).toBeUndefined();
  });

  it("walking nextOffset visits every offset once for any page size", () => {
    for (const limit of [1, 7, DEFAULT_LIMIT, MAX_LIMIT]) {
      for (const total of [0, 1, limit - 1, limit, limit + 1, 444]) {
        let seen = 0;
        let offset: number | undefined = 0;
        while (offset !== undefined) {
          const page = buildPagination(limit, offset, total);
          seen += Math.max(0, Math.min(limit, total - offset));
          offset = page.nextOffset;
        }
        expect(seen).toBe(total);
      }
    }
  });

  it("uses 25 by default and 100 at most", () => {
    expect([DEFAULT_LIMIT, MAX_LIMIT]).toEqual([25, 100]);
  });
});
