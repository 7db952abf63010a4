// User codes are read and typed by people: an unambiguous alphabet, and typing variations accepted.
import { describe, expect, it } from "vitest";
import { newDeviceCode, newUserCode, normalizeUserCode } from "@/lib/cli-login/device-codes";

describe("device and user codes", () => {
  it("user codes are two groups of four consonants, and differ", () => {
    const codes = Array.from({ length: 200 }, newUserCode);
    for (const code of codes) expect(code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("accept the code in any case, with spaces or without the dash; refuse anything else", () => {
    expect(normalizeUserCode("bcdf-ghjk")).toBe("BCDF-GHJK");
    expect(normalizeUserCode(" BCDF GHJK ")).toBe("BCDF-GHJK");
    expect(normalizeUserCode("BCDFGHJK")).toBe("BCDF-GHJK");
    for (const bad of ["", "BCDF-GHJ", "BCDF-GHJKL", "ABCD-EFGH", "BCDF-GHJ0", "BCDF_GHJK"]) expect(normalizeUserCode(bad)).toBeNull();
  });

  it("device codes carry 256 random bits", () => {
    expect(newDeviceCode()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newDeviceCode()).not.toBe(newDeviceCode());
  });
});
