// Charts and export as a signed-in user meets them in Chromium: pick an operation, see the chart, price and download the CSV.
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import ExcelJS from "exceljs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { api } from "../support/http";
import { signInWithBrowser, uniqueEmail } from "../support/sign-in";
import { parseCsv } from "../../lib/market/ingest/csv";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("charts and export page", () => {
  it("draws a chart with its caption and downloads the priced CSV export of the same query", async () => {
    const { context, page } = await signInWithBrowser(browser, uniqueEmail("explore"));
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

  it("downloads CSV and XLSX of a filtered list holding formula-looking titles: every row, those titles neutralised", async () => {
    const { context, page } = await signInWithBrowser(browser, uniqueEmail("explore-xlsx"));
    await page.goto("/dashboard/explore");
    // Real titles that start with "-" (a spreadsheet would read "- Mischief Dungeon Life -" as a formula).
    const query = "q=Mischief Dungeon Life";
    const reference = await api(`/games?${new URLSearchParams({ q: "Mischief Dungeon Life", limit: "100" })}`);
    const total: number = reference.body.pagination.total;
    const formulaLike = reference.body.data.map((game: { name: string }) => game.name).filter((name: string) => /^[=+\-@\t\r]/.test(name));
    expect(formulaLike.length).toBeGreaterThan(0);
    await page.getByLabel("Parameters (as a query string)").fill(query);
    await page.getByRole("button", { name: "Price the export" }).click();
    await page.getByTestId("export-quote").waitFor();

    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
    const [header, ...rows] = parseCsv(await readFile((await csvDownload.path())!, "utf8"));
    expect(rows).toHaveLength(total);
    const csvNames = rows.map((row) => row[header.indexOf("name")]);
    for (const name of formulaLike) expect(csvNames).toContain(`'${name}`);
    expect(csvNames.some((name) => /^[=+\-@\t\r]/.test(name))).toBe(false);

    const [xlsxDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download XLSX" }).click()]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await xlsxDownload.path())!)) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount - 1).toBe(total);
    const columns = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const xlsxNames = Array.from({ length: total }, (_, index) => String((sheet.getRow(index + 2).values as unknown[])[columns.indexOf("name") + 1]));
    for (const name of formulaLike) expect(xlsxNames).toContain(`'${name}`);
    expect(typeof (sheet.getRow(2).values as unknown[])[columns.indexOf("appId") + 1]).toBe("number");
    await context.close();
  });
});
