import { describe, expect, it } from "vitest";
import { chargeSettled, chargeStarted, counterSeen, likelyCovered } from "../../../lib/metering/charge-headroom";

let n = 0;
const fresh = () => ({ workspaceId: `ws_headroom_${++n}`, period: "2026-11" });

describe("charge headroom", () => {
  it("expects nothing of a workspace this process has not charged yet", () => {
    expect(likelyCovered(fresh(), 1, 1_000_000)).toBe(false);
  });

  it("covers a charge while the last counter seen leaves room for it, to the last credit", () => {
    const counter = fresh();
    counterSeen(counter, 95);
    expect(likelyCovered(counter, 5, 100)).toBe(true);
    expect(likelyCovered(counter, 6, 100)).toBe(false);
    // a grant raised the allowance: the new allowance counts at once
    expect(likelyCovered(counter, 6, 130)).toBe(true);
  });

  it("counts the charges still in flight here, until they settle", () => {
    const counter = fresh();
    counterSeen(counter, 90);
    chargeStarted(counter, 8);
    expect(likelyCovered(counter, 2, 100)).toBe(true);
    expect(likelyCovered(counter, 3, 100)).toBe(false);
    chargeSettled(counter, 8);
    expect(likelyCovered(counter, 10, 100)).toBe(true);
  });

  it("expects nothing after a refusal until a charge goes through again", () => {
    const counter = fresh();
    counterSeen(counter, 10);
    counterSeen(counter, 100); // refused: recorded as the allowance
    expect(likelyCovered(counter, 1, 100)).toBe(false);
  });
});
