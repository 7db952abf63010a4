import { describe, expect, it } from "vitest";
import { generateToken, hashToken, parseToken, TOKEN_PREFIXES } from "@/lib/access/token-format";

describe("token format", () => {
  it.each(["api", "cli", "mcp"] as const)("mints %s tokens with their prefix that parse back to their type", (type) => {
    const token = generateToken(type);
    expect(token.secret.startsWith(TOKEN_PREFIXES[type])).toBe(true);
    expect(parseToken(token.secret)).toBe(type);
    expect(token.hash).toBe(hashToken(token.secret));
    expect(token.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(token.last4).toBe(token.secret.slice(-4));
    expect(token.secret.startsWith(token.displayPrefix)).toBe(true);
  });

  it("carries at least 128 random bits", () => {
    const body = generateToken("api").secret.slice(4, 34);
    expect(body.length * Math.log2(62)).toBeGreaterThanOrEqual(128);
    const secrets = new Set(Array.from({ length: 2000 }, () => generateToken("api").secret));
    expect(secrets.size).toBe(2000);
  });

  it("rejects a token with one character changed (checksum) before any lookup", () => {
    const { secret } = generateToken("api");
    for (const position of [5, 20, secret.length - 1]) {
      const swapped = secret[position] === "a" ? "b" : "a";
      const mistyped = secret.slice(0, position) + swapped + secret.slice(position + 1);
      expect(parseToken(mistyped)).toBeNull();
    }
  });

  it("rejects wrong prefixes, lengths and alphabets", () => {
    const { secret } = generateToken("api");
    expect(parseToken(secret.replace("ldx_", "ldy_"))).toBeNull();
    expect(parseToken(secret.slice(0, -1))).toBeNull();
    expect(parseToken(`${secret}x`)).toBeNull();
    expect(parseToken(secret.replace(/.$/, "-"))).toBeNull();
    expect(parseToken("")).toBeNull();
    expect(parseToken("ldx_")).toBeNull();
  });
});
