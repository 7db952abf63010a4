// Charts and export as a signed-in user meets them in Chromium: pick an operation, see the chart, price and download the CSV.
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { api } from "../support/http";
import { signInWithBrowser } from "../support/sign-in";

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("charts and export page", () => {
  it("draws a chart with its caption and downloads the priced CSV export of the same query", async () => {
    const { context, page } = await signInWithBrowser(browser, unique("explore"));
    await page.getByRole("link", { name: "Charts and export" }).click();
    await page.waitForURL(/\/dashboard\/explore/);
    const query = "tags=rogue-like&releasedFrom=2018&releasedTo=2018&sort=-reviews&limit=12";
    await page.getByLabel("Parameters (as a query string)").fill(query);
    await page.getByRole("button", { name: /Draw chart/ }).click();
    const image = page.locator("figure.chart-figure img");
    await image.waitFor();
    expect(await image.getAttribute("alt")).toBe("Reviews: total by name");
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const caption = await page.locator("figure.chart-figure figcaption").innerText();
    expect(caption).toContain("Source: Ludex, GET /api/v1/games?tags=rogue-like");
    expect(caption).toContain("Charged: 1 credit.");
    // Kept for a person to look at (the PNG itself, as the server drew it).
    mkdirSync("tests/.artifacts", { recursive: true });
    const src = (await image.getAttribute("src"))!;
    writeFileSync("tests/.artifacts/explore-chart.png", Buffer.from(src.split(",")[1], "base64"));
    await page.screenshot({ path: "tests/.artifacts/explore-page.png", fullPage: true });

    await page.getByRole("button", { name: "Price the export" }).click();
    const reference = await api(`/games?${query}`);
    const total: number = reference.body.pagination.total;
    const pages = Math.ceil(total / 100);
    const plural = (n: number) => (n === 1 ? "" : "s");
    await expect.poll(() => page.getByTestId("export-quote").innerText()).toContain(`${total.toLocaleString("en-US")} rows in ${pages} page${plural(pages)}: ${pages} credit${plural(pages)}.`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    const text = await readFile((await download.path())!, "utf8");
    const lines = text.trim().split("\r\n");
    expect(lines[0].startsWith("appId,name,")).toBe(true);
    expect(lines).toHaveLength(total + 1);
    expect(lines[1].startsWith(`${reference.body.data[0].appId},`)).toBe(true);
    await context.close();
  });
});
