// POST /api/copilot from outside: the built-in analyst answers from tool calls that match the API's own answers, charged to the session's workspace.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "../../support/http";
import { signInWithHttp, uniqueEmail } from "../../support/sign-in";

const base = () => inject("baseUrl");
const sameOrigin = { "sec-fetch-site": "same-origin", "content-type": "application/json" };

let cookie: string;
beforeAll(async () => {
  cookie = await signInWithHttp(uniqueEmail("copilot"));
});

const ask = (question: string, headers: Record<string, string> = sameOrigin, options: { id?: string; as?: string } = {}) =>
  fetch(`${base()}/api/copilot`, {
    method: "POST",
    headers: { ...headers, cookie: options.as ?? cookie },
    body: JSON.stringify({ ...(options.id ? { id: options.id } : {}), messages: [{ id: `q-${Math.random().toString(36).slice(2)}`, role: "user", parts: [{ type: "text", text: question }] }] }),
  });

const conversation = (id: string, init: RequestInit & { as?: string } = {}) =>
  fetch(`${base()}/api/copilot/conversations/${id}`, { ...init, headers: { ...sameOrigin, cookie: init.as ?? cookie, ...(init.headers as Record<string, string>) } });

/** The UI message stream's chunks: the answer text and each tool call with its input and output. */
async function turn(question: string, options: { id?: string } = {}) {
  const response = await ask(question, sameOrigin, options);
  expect(response.status).toBe(200);
  const conversationId = response.headers.get("x-conversation-id")!;
  const chunks = (await response.text())
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)));
  const text = chunks.filter((c) => c.type === "text-delta").map((c) => c.delta).join("");
  const calls = chunks
    .filter((c) => c.type === "tool-input-available")
    .map((c) => ({ toolName: c.toolName, input: c.input, output: chunks.find((o) => o.type === "tool-output-available" && o.toolCallId === c.toolCallId)?.output }));
  return { text, calls, conversationId };
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

describe("copilot charts", () => {
  it("draws a ranking in the answer from one drawChart call, charged once like the operation, with the API's figures", async () => {
    const { text, calls } = await turn("Top 5 metroidvania games by reviews since 2018");
    expect(calls.map((call) => call.toolName)).toEqual(["listTags", "drawChart"]);
    const chart = calls[1];
    expect(chart.input).toMatchObject({ operation: "listGames", kind: "bar" });
    const reference = await api(`/games?${new URLSearchParams(chart.input.params)}`);
    expect(chart.output.data.map((game: { appId: number }) => game.appId)).toEqual(reference.body.data.map((game: { appId: number }) => game.appId));
    expect(chart.output.charged).toBe(reference.body.meta.quota.charged);
    const png = Buffer.from(chart.output.chart.pngBase64, "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(chart.output.chart.caption[0]).toContain("Source: Ludex, GET /api/v1/games?");
    expect(text).toContain(`Chart below: “${chart.output.chart.title}”`);
    for (const game of reference.body.data) expect(text).toContain(game.name);
  });
});

describe("copilot conversations", () => {
  it("keeps a conversation per user and workspace: listed, reopened with its answers, continued, deleted", async () => {
    const first = await turn("How many roguelike games were released in 2019?");
    expect(first.conversationId).toMatch(/^[\w-]{8,}$/);
    const list = await (await fetch(`${base()}/api/copilot/conversations`, { headers: { cookie } })).json();
    expect(list.data[0]).toMatchObject({ id: first.conversationId, title: "How many roguelike games were released in 2019?", messages: 2 });

    const reopened = await (await conversation(first.conversationId)).json();
    const [question, answer] = reopened.data.messages;
    expect(question.role).toBe("user");
    expect(answer.role).toBe("assistant");
    const answerText = answer.parts.filter((part: { type: string }) => part.type === "text").map((part: { text: string }) => part.text).join("");
    expect(answerText).toBe(first.text);
    expect(answer.parts.filter((part: { type: string }) => part.type === "tool-countGames")[0].output.data.count).toBe(first.calls[1].output.data.count);

    // Continued: the client sends only its new question, the server adds it to the stored conversation.
    const second = await turn("Compare Counter-Strike 2 and Dota 2", { id: first.conversationId });
    expect(second.conversationId).toBe(first.conversationId);
    const continued = await (await conversation(first.conversationId)).json();
    expect(continued.data.messages.map((message: { role: string }) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);

    // Another user sees nothing of it and cannot write into it.
    const stranger = await signInWithHttp(uniqueEmail("stranger"));
    expect((await conversation(first.conversationId, { as: stranger })).status).toBe(404);
    expect((await conversation(first.conversationId, { as: stranger, method: "DELETE" })).status).toBe(404);
    expect((await ask("How many roguelike games were released in 2019?", sameOrigin, { id: first.conversationId, as: stranger })).status).toBe(404);
    const strangers = await (await fetch(`${base()}/api/copilot/conversations`, { headers: { cookie: stranger } })).json();
    expect(strangers.data).toEqual([]);

    expect((await conversation(first.conversationId, { method: "DELETE" })).status).toBe(204);
    expect((await conversation(first.conversationId)).status).toBe(404);
    expect((await conversation(first.conversationId, { method: "DELETE" })).status).toBe(404);
  });

  it("refuses a bearer token, a cross-site delete and a malformed id", async () => {
    const bearer = { authorization: `Bearer ${inject("apiKey")}` };
    expect((await fetch(`${base()}/api/copilot/conversations`, { headers: bearer })).status).toBe(401);
    expect((await conversation("abcdefgh-1234", { headers: bearer })).status).toBe(401);
    expect((await conversation("abcdefgh-1234", { method: "DELETE", headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    // No session (the anonymous preview's caller) never reaches the copilot or its conversations.
    expect((await fetch(`${base()}/api/copilot/conversations`)).status).toBe(401);
    expect((await ask("How many roguelike games were released in 2019?", sameOrigin, { as: "" })).status).toBe(401);
    const malformed = await fetch(`${base()}/api/copilot`, { method: "POST", headers: { ...sameOrigin, cookie }, body: JSON.stringify({ id: "../../x", messages: [{ id: "q", role: "user", parts: [{ type: "text", text: "hi" }] }] }) });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.message).toContain("id:");
  });
});
