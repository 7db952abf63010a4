import { readQuestion, SUPPORTED_KINDS, type Question } from "./analyst-questions";
import { writeAnswer } from "./analyst-answers";
import { CHART_TOOL } from "./chart-tool";

export interface ToolRecord {
  toolName: string;
  input: Record<string, unknown>;
  output: { ok: boolean; data?: any; pagination?: any; error?: { code: string; message: string }; charged?: number; chart?: { title: string; drawn: number; notCollected: number } };
}

export type Step = { calls: { toolName: string; input: Record<string, unknown> }[] } | { text: string };

/**
 * The built-in analyst's next move, decided from the question and the tool results so far (the same
 * conversation always gives the same move): resolve names with the API's own operations, make the one
 * call that answers, then write the answer from that result only.
 */
export function nextStep(question: string, done: ToolRecord[]): Step {
  const q = readQuestion(question);
  if (!q) return { text: cannotAnswer(question) };
  const failed = done.find((record) => !record.output.ok);
  if (failed) return { text: `The API refused ${failed.toolName}: ${failed.output.error?.message ?? "unknown error"}\n\nNothing else was called.${chargeLine(done)}` };
  const context: { tag?: { slug: string; name: string }; games?: { appId: number; name: string }[] } = {};
  if ("tag" in q) {
    const tags = done.find((record) => record.toolName === "listTags");
    if (!tags) return { calls: [{ toolName: "listTags", input: { q: q.tag, limit: 1 } }] };
    const tag = tags.output.data?.[0];
    if (!tag) return { text: `I found no Steam tag matching “${q.tag}” (GET /api/v1/tags?q=${q.tag}), so I cannot answer.${chargeLine(done)}` };
    context.tag = { slug: tag.slug, name: tag.name };
  }
  if ("titles" in q) {
    const resolved = done.filter((record) => record.toolName === "resolveGames");
    if (resolved.length < q.titles.length) return { calls: q.titles.map((title) => ({ toolName: "resolveGames", input: { q: title, limit: 1 } })) };
    const missing = q.titles.filter((_, index) => !resolved[index].output.data?.[0]);
    if (missing.length) return { text: `I found no game matching ${missing.map((t) => `“${t}”`).join(", ")} (GET /api/v1/games/resolve), so I cannot answer.${chargeLine(done)}` };
    context.games = resolved.map((record) => ({ appId: record.output.data[0].appId, name: record.output.data[0].name }));
  }
  const main = mainCall(q, context);
  const answered = done.find((record) => record.toolName === main.toolName);
  if (!answered) return { calls: [main] };
  return { text: `${writeAnswer(q, answered, context)}${chartLine(answered)}${chargeLine(done)}` };
}

/** Rankings and series are drawn: one drawChart call runs the operation (charged once) and draws its result. */
function charted(operation: string, params: Record<string, unknown>, kind: "bar" | "line") {
  return { toolName: CHART_TOOL, input: { operation, params, kind } };
}

function chartLine(record: ToolRecord): string {
  const chart = record.output.chart;
  return chart ? `\n\nChart below: “${chart.title}” (${chart.drawn} drawn${chart.notCollected ? `, ${chart.notCollected} without a collected value left out` : ""}), from the same call.` : "";
}

function mainCall(q: Question, context: { tag?: { slug: string }; games?: { appId: number }[] }): { toolName: string; input: Record<string, unknown> } {
  const tags = context.tag?.slug;
  const appId = context.games?.[0]?.appId;
  switch (q.kind) {
    case "count":
      return { toolName: "countGames", input: { tags, releasedFrom: String(q.year), releasedTo: String(q.year) } };
    case "median":
      return { toolName: "cohortBenchmark", input: { tags } };
    case "hitRate":
      return { toolName: "cohortBenchmark", input: q.since ? { tags, releasedFrom: String(q.since) } : { tags } };
    case "top":
      return charted("listGames", { tags, sort: "-reviews", limit: q.n, ...(q.since ? { releasedFrom: String(q.since) } : {}) }, "bar");
    case "compare":
      return { toolName: "compareTitles", input: { appIds: context.games!.map((game) => game.appId).join(",") } };
    case "complaints":
      return { toolName: "analyseReviews", input: { appId } };
    case "similar":
      return charted("listSimilarGames", { appId, limit: 10 }, "bar");
    case "history":
      // a month's last observation per source: a synced game has a point a day, more than a chat answer can list
      return charted("getGameHistory", { appId, step: "month" }, "line");
  }
}

function chargeLine(done: ToolRecord[]): string {
  if (done.length === 0) return "";
  const total = done.reduce((sum, record) => sum + (record.output.charged ?? 0), 0);
  const calls = done.map((record) => `${record.toolName} (${record.output.charged ?? 0})`).join(", ");
  return `\n\nCalls: ${calls}. Charged: ${total} credit${total === 1 ? "" : "s"}.`;
}

function cannotAnswer(question: string): string {
  const asked = question.trim().slice(0, 200);
  return [
    `I can't answer “${asked}”: the built-in analyst (no language model is configured) only understands these kinds of questions:`,
    ...SUPPORTED_KINDS.map((kind) => `- ${kind}`),
    "Nothing was called and nothing was charged.",
  ].join("\n");
}
