// GET /api/export from outside: the session's workspace pays per page as the API would, the file matches the API's own answer.
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../../support/http";
import { signInWithHttp, uniqueEmail } from "../../support/sign-in";
import { parseCsv } from "../../../lib/market/ingest/csv";

const base = () => inject("baseUrl");
const FILTER = "tags=rogue-like&releasedFrom=2019&releasedTo=2019&reviewsMin=50";

let cookie: string;
beforeAll(async () => {
  cookie = await signInWithHttp(uniqueEmail("export"));
});

async function ledger(): Promise<string[][]> {
  const response = await fetch(`${base()}/api/dashboard/usage.csv`, { headers: { cookie } });
  return parseCsv(await response.text());
}

const neutral = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe("export", () => {
  it("quotes the price first (charged as the one page it reads), then a CSV holds every row of the filtered list, charged page by page under surface export", async () => {
    const reference = await api(`/games?${FILTER}&limit=100&sort=-reviews`);
    expect(reference.status).toBe(200);
    const total: number = reference.body.pagination.total;
    expect(total).toBeGreaterThan(0);
    const pages = Math.ceil(total / 100);

    const quote = await fetch(`${base()}/api/export?operation=listGames&format=csv&quote=1&sort=-reviews&${FILTER}`, { headers: { cookie } });
    expect(quote.status).toBe(200);
    expect((await quote.json()).data).toMatchObject({ rows: total, pages, creditsPerPage: 1, credits: pages, leftOut: 0 });
    expect((await ledger()).filter((row) => row[9] === "export")).toHaveLength(1);

    const response = await fetch(`${base()}/api/export?operation=listGames&format=csv&sort=-reviews&${FILTER}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("x-ludex-export-credits")).toBe(String(pages));
    const [header, ...rows] = parseCsv(await response.text());
    expect(rows).toHaveLength(total);
    const at = (name: string) => header.indexOf(name);
    expect(at("reviews.total")).toBeGreaterThan(0);
    expect(at("owners.low")).toBeGreaterThan(0);
    // The first page matches the API's answer cell for cell: numbers stay numbers, not collected stays empty, text neutralised.
    reference.body.data.forEach((game: any, index: number) => {
      const row = rows[index];
      expect(Number(row[at("appId")])).toBe(game.appId);
      expect(row[at("name")]).toBe(neutral(game.name));
      expect(row[at("reviews.total")]).toBe(String(game.reviews.total));
      expect(row[at("ccu")]).toBe(game.ccu === null ? "" : String(game.ccu));
      expect(row[at("owners.low")]).toBe(game.owners === null ? "" : String(game.owners.low));
    });
    const charges = (await ledger()).filter((row) => row[9] === "export");
    expect(charges).toHaveLength(pages + 1);
    expect(charges.every((row) => row[2] === "listGames" && row[4] === "1" && row[5] === "charged")).toBe(true);
  });

  it("writes the same rows to XLSX with numbers as numbers and empty cells for values not collected", async () => {
    const reference = await api(`/games?${FILTER}&limit=100&sort=-reviews`);
    const response = await fetch(`${base()}/api/export?operation=listGames&format=xlsx&sort=-reviews&${FILTER}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount - 1).toBe(reference.body.pagination.total);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const first = reference.body.data[0];
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(cells[header.indexOf("appId")]).toBe(first.appId);
    expect(cells[header.indexOf("reviews.total")]).toBe(first.reviews.total);
    expect(cells[header.indexOf("name")]).toBe(neutral(first.name));
  });

  it("answers a bad operation or parameter with the error envelope and charges nothing", async () => {
    const unknown = await fetch(`${base()}/api/export?operation=nope&format=csv`, { headers: { cookie } });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.param).toBe("operation");
    const invalid = await fetch(`${base()}/api/export?operation=listGames&format=csv&reviewsMin=lots`, { headers: { cookie } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.param).toBe("reviewsMin");
  });

  it("takes the session only: a bearer token gets 401, no credentials 401, another site's link 403", async () => {
    const url = `${base()}/api/export?operation=listGames&format=csv`;
    const bearer = await fetch(url, { headers: { cookie, authorization: `Bearer ${inject("apiKey")}` } });
    expect(bearer.status).toBe(401);
    expect((await bearer.json()).error.message).toContain("browser session");
    expect((await fetch(url)).status).toBe(401);
    const crossSite = await fetch(url, { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });
});
