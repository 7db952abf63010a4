import { describe, expect, it } from "vitest";
import { OPERATIONS } from "@/lib/operations";
import { api } from "../support/http";

// The interactive parts (Try it) are covered by the browser test in tests/browser.
describe("GET /docs", () => {
  it("is an HTML page listing every operation with its method, path and operation id", async () => {
    const res = await api("/docs", { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = String(res.body);
    for (const op of OPERATIONS) {
      expect(html, op.path).toContain(op.path);
      expect(html, op.id).toContain(`id="${op.id}"`);
      expect(html, op.id).toContain(op.summary);
    }
    expect(html).toContain('href="/api/v1/openapi.json"');
  });
});

describe("static files from public/", () => {
  it("serve robots.txt keeping crawlers off the metered API, and the icon the pages link", async () => {
    const robots = await api("/robots.txt", { token: null });
    expect(robots.status).toBe(200);
    expect(String(robots.body)).toContain("Disallow: /api/");
    const page = await api("/docs", { token: null });
    expect(String(page.body)).toContain('href="/favicon.svg"');
    const icon = await api("/favicon.svg", { token: null });
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
  });
});
