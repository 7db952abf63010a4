import { describe, expect, it } from "vitest";
import { TokenCache } from "../../../lib/access/token-cache";

describe("token cache", () => {
  it("serves an entry until its validUntil, then forgets it", () => {
    const cache = new TokenCache<string>();
    cache.set("h", "caller", 1_000);
    expect(cache.get("h", 999)).toBe("caller");
    expect(cache.get("h", 1_000)).toBeUndefined();
    expect(cache.get("h", 500)).toBeUndefined();
  });

  it("drops an entry on delete and replaces it on set", () => {
    const cache = new TokenCache<string>();
    cache.set("h", "old", 10_000);
    cache.set("h", "new", 10_000);
    expect(cache.get("h", 0)).toBe("new");
    cache.delete("h");
    expect(cache.get("h", 0)).toBeUndefined();
  });

  it("keeps at most 10,000 entries, evicting the oldest", () => {
    const cache = new TokenCache<number>();
    for (let i = 0; i <= 10_000; i++) cache.set(`h${i}`, i, 10_000);
    expect(cache.get("h0", 0)).toBeUndefined();
    expect(cache.get("h1", 0)).toBe(1);
    expect(cache.get("h10000", 0)).toBe(10_000);
  });
});
