import fc from "fast-check";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { describe, expect, it } from "vitest";

interface ConfigModule {
  default: { rewrites: () => Promise<{ beforeFiles: { source: string; destination: string }[] }> };
  MALFORMED_PATH_SOURCE: string;
  MALFORMED_PATH_DESTINATION: string;
}
// next.config.mjs is plain JavaScript without declarations: import it by a path TypeScript does not resolve.
const CONFIG_PATH: string = new URL("../../../next.config.mjs", import.meta.url).href;
const { default: nextConfig, MALFORMED_PATH_SOURCE, MALFORMED_PATH_DESTINATION } = (await import(CONFIG_PATH)) as ConfigModule;

// Next matches rewrite sources like this (case-insensitive, on the raw percent-encoded path).
const matches = getPathMatch(MALFORMED_PATH_SOURCE, { removeUnnamedParams: true, strict: true });
const decodes = (path: string) => {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
};
const byte = fc.integer({ min: 0, max: 255 }).map((b) => `%${b.toString(16).padStart(2, "0")}`);
const encoded = fc.string({ unit: "grapheme", minLength: 1, maxLength: 2 }).map(encodeURIComponent);
// valid encodings, their truncations (a multi-byte character cut short), single bytes and stray percents
const part = fc.oneof(
  encoded,
  fc.tuple(encoded, fc.nat()).map(([text, cut]) => text.slice(0, 1 + (cut % text.length))),
  byte,
  byte.map((b) => b.toUpperCase()),
  fc.constantFrom("a", "/", "%", "%2", "%g0", "-", "%25"),
);

describe("the rewrite of undecodable paths (next.config.mjs)", () => {
  it("is in the config, before the file system, to the API's catch-all", async () => {
    const rewrites = await nextConfig.rewrites();
    expect(rewrites.beforeFiles).toContainEqual({ source: MALFORMED_PATH_SOURCE, destination: MALFORMED_PATH_DESTINATION });
    expect(MALFORMED_PATH_DESTINATION.startsWith("/api/v1/")).toBe(true);
  });

  it.each(["/api/v1/games/%E0%A4%A", "/api/v1/nope/%C0%AF", "/api/v1/tags/%", "/%FF", "/a/%ED%A0%80", "/a/%f4%90%80%80", "/a/%e2%82"])(
    "matches %s",
    (path) => expect(matches(path)).not.toBe(false),
  );

  it.each(["/", "/api/v1/games/570", "/api/v1/games/%20570", "/a/%e2%82%ac", "/a/%F0%9F%98%80", "/api/v1/%2F/x", "/_next/static/chunks/a.js"])(
    "leaves %s alone",
    (path) => expect(matches(path)).toBe(false),
  );

  it("matches exactly the paths decodeURIComponent rejects: random byte sequences", () => {
    fc.assert(
      fc.property(fc.array(part, { maxLength: 12 }), (parts) => {
        const path = `/api/v1/${parts.join("")}`;
        expect(matches(path) !== false, path).toBe(!decodes(path));
      }),
      { numRuns: 10_000 },
    );
  });

  it("never matches a path encoded by encodeURIComponent, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), (text) => {
        expect(matches(`/api/v1/${encodeURIComponent(text)}`)).toBe(false);
      }),
      { numRuns: 5_000 },
    );
  });
});
