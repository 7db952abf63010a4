// POST /api/charts from outside: every chart kind renders to a 1200x675 PNG with its caption, charged to the session's workspace.
import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { signInWithHttp, uniqueEmail } from "../../support/sign-in";

const base = () => inject("baseUrl");
const sameOrigin = { "sec-fetch-site": "same-origin", "content-type": "application/json" };

let cookie: string;
beforeAll(async () => {
  cookie = await signInWithHttp(uniqueEmail("charts"));
});

const chart = (body: unknown, headers: Record<string, string> = sameOrigin) =>
  fetch(`${base()}/api/charts`, { method: "POST", headers: { ...headers, cookie }, body: JSON.stringify(body) });

/** Width, height and the share of non-white pixels of an 8-bit RGB(A) PNG. */
function pngFacts(png: Buffer) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    if (png.toString("ascii", at + 4, at + 8) === "IDAT") chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels + 1;
  const previous = Buffer.alloc(stride - 1);
  let inked = 0;
  for (let row = 0; row < height; row++) {
    const filter = raw[row * stride];
    const line = Buffer.from(raw.subarray(row * stride + 1, (row + 1) * stride));
    for (let i = 0; i < line.length; i++) {
      const left = i >= channels ? line[i - channels] : 0;
      const up = previous[i];
      const upLeft = i >= channels ? previous[i - channels] : 0;
      const p = left + up - upLeft;
      const paeth = Math.abs(p - left) <= Math.abs(p - up) && Math.abs(p - left) <= Math.abs(p - upLeft) ? left : Math.abs(p - up) <= Math.abs(p - upLeft) ? up : upLeft;
      const add = [0, left, up, (left + up) >> 1, paeth][filter];
      line[i] = (line[i] + add) & 255;
    }
    for (let i = 0; i < line.length; i += channels) if (line[i] < 200 || line[i + 1] < 200 || line[i + 2] < 200) inked++;
    line.copy(previous);
  }
  return { width, height, inked: inked / (width * height) };
}

describe("charts", () => {
  const cases = [
    { kind: "bar", operation: "listGames", params: { tags: "rogue-like", sort: "-reviews", limit: 15 } },
    { kind: "line", operation: "getGameHistory", params: { appId: 730 } },
    { kind: "histogram", operation: "listGames", params: { tags: "rogue-like", limit: 100 }, x: "reviews.rating" },
    { kind: "scatter", operation: "listGames", params: { tags: "rogue-like", limit: 100 }, x: "reviews.total", y: "ccu" },
  ];
  for (const request of cases) {
    it(`draws a ${request.kind} chart of ${request.operation}: 1200x675, not blank, captioned with source and window, charged`, async () => {
      const response = await chart(request);
      expect(response.status).toBe(200);
      const { data } = await response.json();
      const png = Buffer.from(data.pngBase64, "base64");
      const facts = pngFacts(png);
      expect([facts.width, facts.height]).toEqual([1200, 675]);
      expect(facts.inked).toBeGreaterThan(0.01);
      expect(data.caption[0]).toContain(`Source: Ludex, GET /api/v1`);
      expect(data.caption[1]).toMatch(/^Observed: /);
      expect(data.svg).toContain("Source: Ludex");
      expect(data.spec.$schema).toContain("vega-lite");
      expect(data.drawn).toBeGreaterThan(0);
      expect(data.charged).toBeGreaterThan(0);
    });
  }

  it("never draws a value not collected as 0: such rows are left out and counted in the caption", async () => {
    const response = await chart({ kind: "scatter", operation: "listGames", params: { tags: "rogue-like", limit: 100 }, x: "reviews.total", y: "ccu" });
    const { data } = await response.json();
    const games = await fetch(`${base()}/api/v1/games?tags=rogue-like&limit=100`, { headers: { authorization: `Bearer ${inject("apiKey")}` } });
    const items = (await games.json()).data as { ccu: number | null }[];
    const missing = items.filter((item) => item.ccu === null).length;
    expect(data.notCollected).toBe(missing);
    expect(data.drawn).toBe(items.length - missing);
    if (missing > 0) expect(data.caption.join(" ")).toContain(`${missing} without a collected value left out`);
  });

  it("wraps a long source and caption instead of cutting them off or shrinking the chart", async () => {
    const params = { tags: "rogue-like", releasedFrom: "2015-01-01", releasedTo: "2023-12-31", priceMin: 100, priceMax: 2999, reviewsMin: 50, reviewsMax: 100000000, ratingMin: 0, sort: "-reviews", limit: 12 };
    const response = await chart({ kind: "bar", operation: "listGames", params });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    // The drawing (inside the 1200x675 canvas) is no wider than the canvas: text measured with the real font, wrapped.
    const [, width, height] = /<svg x="0" y="0"[^>]*viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(data.svg)!.map(Number);
    expect(width).toBeLessThanOrEqual(1200);
    expect(height).toBeLessThanOrEqual(675);
    // Every part of the long source is drawn (its end too), over more than one line.
    const drawn = [...(data.svg as string).matchAll(/>([^<>]+)</g)].map((match) => match[1].replace(/&amp;/g, "&"));
    const sourceLines = drawn.filter((text) => /releasedFrom|limit=12/.test(text) && !text.startsWith("Source:"));
    expect(sourceLines.length).toBeGreaterThanOrEqual(2);
    expect(drawn.some((text) => text.endsWith("limit=12"))).toBe(true);
    expect(drawn.join(" ")).toContain("Figures: ");
    expect(pngFacts(Buffer.from(data.pngBase64, "base64")).inked).toBeGreaterThan(0.01);
  });

  it("records the charge in the ledger under surface charts", async () => {
    const ledger = await (await fetch(`${base()}/api/dashboard/usage.csv`, { headers: { cookie } })).text();
    const rows = ledger.split("\r\n").filter((line) => line.includes(",charts,"));
    expect(rows.length).toBeGreaterThanOrEqual(4);
  });

  it("refuses bad input with the error envelope, a bearer token with 401 and a cross-site post with 403", async () => {
    const bad = await chart({ kind: "pie", operation: "listGames" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.param).toBe("kind");
    const bearer = await chart({ kind: "bar", operation: "listGames" }, { ...sameOrigin, authorization: `Bearer ${inject("apiKey")}` });
    expect(bearer.status).toBe(401);
    const crossSite = await chart({ kind: "bar", operation: "listGames" }, { "sec-fetch-site": "cross-site", "content-type": "application/json" });
    expect(crossSite.status).toBe(403);
  });
});
