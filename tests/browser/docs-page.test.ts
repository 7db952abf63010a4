import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "../support/browser";

describe("the /docs reference in a real browser", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("lists every operation of the OpenAPI document", async () => {
    const document = await (await fetch(`${inject("baseUrl")}/api/v1/openapi.json`)).json();
    const page = await browser.newPage();
    await page.goto(`${inject("baseUrl")}/docs`);
    for (const [path, methods] of Object.entries<Record<string, { operationId: string }>>(document.paths)) {
      for (const operation of Object.values(methods)) {
        await expect(page.locator(`section#${operation.operationId} h3`).textContent()).resolves.toContain(path);
      }
    }
    await page.close();
  });

  it("sends a real request from the Try it console and shows the envelope", async () => {
    const page = await browser.newPage();
    await page.goto(`${inject("baseUrl")}/docs`);
    const section = page.locator("section#getGame");
    await section.locator("summary").click();
    await section.getByLabel("appId").fill("570");
    await section.getByRole("button", { name: "Send" }).click();
    const response = section.getByTestId("try-it-response");
    await response.waitFor();
    const body = JSON.parse((await response.textContent()) ?? "{}");
    expect(body.data.appId).toBe(570);
    expect(body.data.name).toBe("Dota 2");
    expect(body.meta.requestId).toMatch(/^req_/);
    await page.close();
  });

  it("shows the error envelope for a bad value", async () => {
    const page = await browser.newPage();
    await page.goto(`${inject("baseUrl")}/docs`);
    const section = page.locator("section#listGames");
    await section.locator("summary").click();
    await section.getByLabel("tags", { exact: true }).fill("rpgg");
    await section.getByRole("button", { name: "Send" }).click();
    const response = section.getByTestId("try-it-response");
    await response.waitFor();
    const body = JSON.parse((await response.textContent()) ?? "{}");
    expect(body.error.code).toBe("INVALID_TAG");
    await expect(section.locator(".status-error").textContent()).resolves.toContain("400");
    await page.close();
  });
});
