// The copilot as a signed-in user meets it in Chromium: one question of each kind the built-in analyst answers, each
// figure on screen checked against the API's own answer; charts in answers; the charge on the usage screen; the
// conversation kept, reopened and deleted. One browser and one signed-in page for the file, one conversation throughout.
import { mkdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "../support/browser";
import { api } from "../support/http";
import { signInWithBrowser, uniqueEmail } from "../support/sign-in";

const num = (value: number) => value.toLocaleString("en-US");
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
/** credits each answer says it charged, summed for the usage screen */
let charged = 0;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ context, page } = await signInWithBrowser(browser, uniqueEmail("copilot-ui")));
  await page.goto("/dashboard/copilot");
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** Asks in the chat and waits for the whole answer (it ends with its charge line); returns what the user reads. */
async function ask(question: string): Promise<{ text: string; answer: Locator }> {
  const answers = page.locator('li.copilot-message[data-role="assistant"]');
  const before = await answers.count();
  await page.getByLabel("Question").fill(question);
  await page.getByRole("button", { name: "Ask" }).click();
  const answer = answers.nth(before);
  await expect.poll(() => answer.locator(".copilot-text").allInnerTexts().then((texts) => texts.join("\n")), { timeout: 60_000 }).toMatch(/Charged: \d+ credits?\./);
  await page.getByRole("button", { name: "Ask" }).waitFor();
  const text = (await answer.locator(".copilot-text").allInnerTexts()).join("\n");
  charged += Number(/Charged: (\d+) credit/.exec(text)![1]);
  return { text, answer };
}

const tagOf = async (phrase: string) => (await api(`/tags?${new URLSearchParams({ q: phrase, limit: "1" })}`)).body.data[0];
const gameOf = async (title: string) => (await api(`/games/resolve?${new URLSearchParams({ q: title, limit: "1" })}`)).body.data[0];

/** The chart in an answer: the server's 1200x675 PNG, its caption, and a download of the same image. */
async function expectChart(answer: Locator, name: string) {
  const figure = answer.locator("figure.copilot-chart");
  const image = figure.locator("img");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(675);
  expect(await figure.locator("figcaption").innerText()).toContain("Source: Ludex, GET /api/v1/");
  const [download] = await Promise.all([page.waitForEvent("download"), figure.getByRole("link", { name: "Download PNG" }).click()]);
  const png = await readFile((await download.path())!);
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect(png.readUInt32BE(16)).toBe(1200);
  mkdirSync("tests/.artifacts", { recursive: true });
  writeFileSync(`tests/.artifacts/copilot-chart-${name}.png`, png);
}

describe("copilot in the browser (built-in analyst): each question kind, figures as the API gives them", () => {
  it("how many games of a tag were released in a year", async () => {
    const { text } = await ask("How many roguelike games were released in 2019?");
    const tag = await tagOf("roguelike");
    const count = (await api(`/games/count?tags=${tag.slug}&releasedFrom=2019&releasedTo=2019`)).body.data.count;
    expect(count).toBeGreaterThan(0);
    expect(text).toContain(`${num(count)} games tagged ${tag.name} have a release date in 2019`);
  });

  it("the median price of a tag's games", async () => {
    const { text } = await ask("What is the median price of deckbuilding games?");
    const tag = await tagOf("deckbuilding");
    const cohort = (await api(`/benchmarks/cohort?tags=${tag.slug}`)).body.data;
    const price = cohort.observed.price;
    expect(text).toContain(`median price (USD, observed store prices) of games tagged ${tag.name} is $${(price.p50 / 100).toFixed(2)}`);
    expect(text).toContain(`over ${num(price.n)} games with a value out of a cohort of ${num(cohort.cohort.games)}`);
  });

  it("the top N games of a tag by reviews since a year, with its chart", async () => {
    const { text, answer } = await ask("Top 5 metroidvania games by reviews since 2018");
    const tag = await tagOf("metroidvania");
    const top = await api(`/games?tags=${tag.slug}&sort=-reviews&limit=5&releasedFrom=2018`);
    expect(top.body.data).toHaveLength(5);
    top.body.data.forEach((game: { name: string; release: { year: number | null }; reviews: { total: number } }, index: number) => {
      expect(text).toContain(`${index + 1}. ${game.name} (${game.release?.year ?? "year unknown"}): ${num(game.reviews.total)} reviews`);
    });
    expect(text).toContain(`out of ${num(top.body.pagination.total)} matching`);
    await expectChart(answer, "top");
  });

  it("a comparison of two titles by name", async () => {
    const { text } = await ask("Compare Hades and Dead Cells");
    const games = await Promise.all(["Hades", "Dead Cells"].map(gameOf));
    const compared = (await api(`/benchmarks/compare?appIds=${games.map((game) => game.appId).join(",")}`)).body.data.titles;
    expect(compared).toHaveLength(2);
    for (const title of compared) expect(text).toContain(`- ${title.name}: observed ${num(title.observed.reviews.value)} reviews`);
  });

  it("what players complain about in a title", async () => {
    const { text } = await ask("What do players complain about in PUBG?");
    const game = await gameOf("PUBG");
    const analysis = (await api(`/games/${game.appId}/reviews/analysis`)).body.data;
    if (analysis.evidenceState !== "ready") {
      expect(text).toContain(`I can't say what players complain about in ${analysis.name}`);
      return;
    }
    const analysed = analysis.denominators.analysed.count;
    expect(text).toContain(`modelled from ${num(analysed)} analysed review texts`);
    for (const theme of analysis.themes.negative.slice(0, 5)) expect(text).toContain(`- ${theme.label}: ${num(theme.reviews)} reviews (${pct(theme.share)} of ${num(analysed)} analysed)`);
  });

  it("games similar to a title, with its chart", async () => {
    const { text, answer } = await ask("Games similar to Stardew Valley");
    const game = await gameOf("Stardew Valley");
    const similar = (await api(`/games/${game.appId}/similar?limit=10`)).body.data;
    expect(similar.length).toBeGreaterThan(0);
    expect(text).toContain(`Games similar to ${game.name} by shared store tags`);
    for (const peer of similar) expect(text).toContain(`- ${peer.name} (${peer.releaseYear ?? "year unknown"}): similarity ${peer.score.toFixed(2)}`);
    await expectChart(answer, "similar");
  });

  it("how a title's reviews grew over time, with its chart", async () => {
    const { text, answer } = await ask("How did Terraria's reviews grow?");
    const game = await gameOf("Terraria");
    const history = (await api(`/games/${game.appId}/history`)).body.data;
    const observed = history.reviews.points.filter((point: { values: unknown }) => point.values);
    expect(observed.length).toBeGreaterThan(0);
    for (const point of observed) expect(text).toContain(`- ${point.observedOn}: ${num(point.values.total)} reviews`);
    await expectChart(answer, "history");
  });

  it("a cohort's hit rate", async () => {
    const { text } = await ask("What is the hit rate of roguelike games since 2015?");
    const tag = await tagOf("roguelike");
    const rates = (await api(`/benchmarks/cohort?tags=${tag.slug}&releasedFrom=2015`)).body.data.hitRates;
    expect(text).toContain(`at least 1,000 reviews: ${num(rates.atLeast1k.games)} games, ${pct(rates.atLeast1k.share)}`);
    expect(text).toContain(`at least 10,000 reviews: ${num(rates.atLeast10k.games)} games, ${pct(rates.atLeast10k.share)}`);
    expect(text).toContain(`Denominator: ${num(rates.denominator)} games.`);
  });

  it("shows the answers' charges on the usage screen", async () => {
    await page.screenshot({ path: "tests/.artifacts/copilot-page.png", fullPage: true });
    const url = page.url();
    expect(url).toMatch(/\/dashboard\/copilot\?c=/);
    await page.goto("/dashboard/usage");
    expect(charged).toBeGreaterThan(0);
    expect(await page.getByTestId("usage-used").textContent()).toBe(String(charged));
    await page.goto(url);
  });

  it("reopens the conversation with every answer and its chart, and deletes it from the list", async () => {
    const messages = page.locator('li.copilot-message[data-role="assistant"]');
    await expect.poll(() => messages.count()).toBe(8);
    expect(await page.locator("figure.copilot-chart img").count()).toBe(3);
    const list = page.getByRole("navigation", { name: "Conversations" });
    const item = list.getByRole("link", { name: "How many roguelike games were released in 2019?" });
    await item.waitFor();
    page.once("dialog", (dialog) => void dialog.accept());
    await list.getByRole("button", { name: "Delete “How many roguelike games were released in 2019?”" }).click();
    await page.waitForURL(/\/dashboard\/copilot$/);
    await list.getByText("None kept yet.").waitFor();
    expect(await page.locator("li.copilot-message").count()).toBe(0);
  });
});
