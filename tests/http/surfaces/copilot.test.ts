// POST /api/copilot from outside: the built-in analyst answers from tool calls that match the API's own answers, charged to the session's workspace.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../../support/http";
import { signInWithHttp } from "../../support/sign-in";

const unique = (name: string) => `${name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
const base = () => inject("baseUrl");
const sameOrigin = { "sec-fetch-site": "same-origin", "content-type": "application/json" };

let cookie: string;
beforeAll(async () => {
  cookie = await signInWithHttp(unique("copilot"));
});

const ask = (question: string, headers: Record<string, string> = sameOrigin) =>
  fetch(`${base()}/api/copilot`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ messages: [{ id: "q1", role: "user", parts: [{ type: "text", text: question }] }] }),
  });

/** The UI message stream's chunks: the answer text and each tool call with its input and output. */
async function turn(question: string) {
  const response = await ask(question);
  expect(response.status).toBe(200);
  const chunks = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)));
  const text = chunks.filter((c) => c.type === "text-delta").map((c) => c.delta).join("");
  const calls = chunks
    .filter((c) => c.type === "tool-input-available")
    .map((c) => ({ toolName: c.toolName, input: c.input, output: chunks.find((o) => o.type === "tool-output-available" && o.toolCallId === c.toolCallId)?.output }));
  return { text, calls };
}

describe("copilot (built-in analyst)", () => {
  it("counts a tag's games of a year with the API's own figure, resolving the tag first, and says what it charged", async () => {
    const { text, calls } = await turn("How many roguelike games were released in 2019?");
    expect(calls.map((call) => call.toolName)).toEqual(["listTags", "countGames"]);
    const count = calls[1];
    const reference = await api(`/games/count?${new URLSearchParams(count.input)}`);
    expect(count.output.data.count).toBe(reference.body.data.count);
    expect(text).toContain(`${reference.body.data.count.toLocaleString("en-US")} games tagged`);
    const charged = calls.reduce((sum, call) => sum + call.output.charged, 0);
    expect(charged).toBeGreaterThan(0);
    expect(text).toContain(`Charged: ${charged} credit`);
    const ledger = await (await fetch(`${base()}/api/dashboard/usage.csv`, { headers: { cookie } })).text();
    // The ledger itemises charged calls (listTags is free, so only countGames appears).
    expect(ledger.split("\r\n").filter((line) => line.includes(",copilot,"))).toHaveLength(calls.filter((call) => call.output.charged > 0).length);
  });

  it("resolves titles by name and compares them from compareTitles' figures", async () => {
    const { text, calls } = await turn("Compare Counter-Strike 2 and Dota 2");
    expect(calls.map((call) => call.toolName)).toEqual(["resolveGames", "resolveGames", "compareTitles"]);
    const titles = calls[2].output.data.titles;
    expect(titles).toHaveLength(2);
    for (const title of titles) expect(text).toContain(title.name);
  });

  it("says plainly what it cannot answer, calling nothing", async () => {
    const { text, calls } = await turn("Which game will sell best next year?");
    expect(calls).toHaveLength(0);
    expect(text).toContain("I can't answer");
    expect(text).toContain("Nothing was called and nothing was charged.");
  });

  it("takes the session only: a bearer token gets 401, a cross-site post 403, an over-long question 400", async () => {
    expect((await ask("How many roguelike games were released in 2019?", { ...sameOrigin, authorization: `Bearer ${inject("apiKey")}` })).status).toBe(401);
    expect((await ask("How many roguelike games were released in 2019?", { "sec-fetch-site": "cross-site", "content-type": "application/json" })).status).toBe(403);
    expect((await ask("x".repeat(2001))).status).toBe(400);
  });
});
