import { describe, expect, it } from "vitest";
import { lockPreviewFields } from "@/lib/access/anonymous-preview";
import type { Operation } from "@/lib/api/operation";

const op = (previewLocks: string[]) => ({ previewLocks }) as unknown as Operation;

describe("preview locks", () => {
  it("null top-level keys of every list item, keeping the keys", () => {
    const data = [{ a: 1, owners: { low: 1 } }, { a: 2, owners: null }];
    expect(lockPreviewFields(op(["owners", "missing"]), { data })).toEqual(["owners"]);
    expect(data).toEqual([{ a: 1, owners: null }, { a: 2, owners: null }]);
  });

  it("follow paths into objects and through arrays", () => {
    const data = { estimatedMetrics: { owners: {} }, groups: [{ estimated: { x: 1 } }, { estimated: { x: 2 } }], other: [] };
    expect(lockPreviewFields(op(["estimatedMetrics", "groups[].estimated", "other[].estimated"]), { data })).toEqual([
      "estimatedMetrics",
      "groups[].estimated",
    ]);
    expect(data).toEqual({ estimatedMetrics: null, groups: [{ estimated: null }, { estimated: null }], other: [] });
  });
});
