// Every market-data operation carries the sync's SOURCE_STALE warnings: a new one that forgets withFreshness fails here.
import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/operations/index";
import { WITH_FRESHNESS } from "@/lib/operations/with-freshness";

describe("freshness warnings", () => {
  it("every market:read operation of the registry is wrapped by withFreshness, and no other", () => {
    const market = OPERATIONS.filter((op) => op.scope === "market:read");
    expect(market.length).toBeGreaterThan(10);
    expect(market.filter((op) => !WITH_FRESHNESS.has(op)).map((op) => op.id)).toEqual([]);
    expect(OPERATIONS.filter((op) => op.scope !== "market:read" && WITH_FRESHNESS.has(op)).map((op) => op.id)).toEqual([]);
  });
});
