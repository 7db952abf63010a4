import type { LanguageModelV3, LanguageModelV3CallOptions, LanguageModelV3Content, LanguageModelV3Prompt, LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { nextStep, type ToolRecord } from "./analyst-steps";

const USAGE = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/**
 * The built-in analyst: a deterministic model behind the AI SDK's language-model interface, used when no
 * provider is configured (LUDEX_LLM unset: the embedded default, tests, CI). It reads the last question
 * and the tool results since, and answers with tool calls or with text written from those results, so
 * the tools, metering and chat are the same as with a real model.
 */
export class AnalystModel implements LanguageModelV3 {
  readonly specificationVersion = "v3";
  readonly provider = "ludex";
  readonly modelId = "builtin-analyst";
  readonly supportedUrls = {};

  async doGenerate(options: LanguageModelV3CallOptions) {
    const content = decide(options.prompt);
    const toolCalls = content.some((part) => part.type === "tool-call");
    return { content, finishReason: { unified: toolCalls ? ("tool-calls" as const) : ("stop" as const), raw: undefined }, usage: USAGE, warnings: [] };
  }

  async doStream(options: LanguageModelV3CallOptions) {
    const { content, finishReason } = await this.doGenerate(options);
    const parts: LanguageModelV3StreamPart[] = [{ type: "stream-start", warnings: [] }];
    for (const part of content) {
      if (part.type === "text") {
        parts.push({ type: "text-start", id: "answer" });
        // Line by line, so the chat shows the answer arriving as it would from a provider.
        for (const line of part.text.split(/(?<=\n)/)) parts.push({ type: "text-delta", id: "answer", delta: line });
        parts.push({ type: "text-end", id: "answer" });
      } else if (part.type === "tool-call") parts.push(part);
    }
    parts.push({ type: "finish", finishReason, usage: USAGE });
    return {
      stream: new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          for (const part of parts) controller.enqueue(part);
          controller.close();
        },
      }),
    };
  }
}

function decide(prompt: LanguageModelV3Prompt): LanguageModelV3Content[] {
  const lastUser = prompt.findLastIndex((message) => message.role === "user");
  const question = lastUser < 0 ? "" : (prompt[lastUser].content as { type: string; text?: string }[]).filter((part) => part.type === "text").map((part) => part.text).join(" ");
  const step = nextStep(question, toolRecords(prompt.slice(lastUser + 1)));
  if ("text" in step) return [{ type: "text", text: step.text }];
  const round = prompt.length;
  return step.calls.map((call, index) => ({ type: "tool-call", toolCallId: `analyst-${round}-${index}`, toolName: call.toolName, input: JSON.stringify(call.input) }));
}

/** The tool calls made since the question, paired with their results, in order. */
function toolRecords(messages: LanguageModelV3Prompt): ToolRecord[] {
  const inputs = new Map<string, Record<string, unknown>>();
  const records: ToolRecord[] = [];
  for (const message of messages) {
    for (const part of message.content as unknown as { type: string; toolCallId: string; toolName: string; input?: unknown; output?: { type: string; value: unknown } }[]) {
      if (typeof part !== "object") continue;
      if (part.type === "tool-call") inputs.set(part.toolCallId, (typeof part.input === "string" ? JSON.parse(part.input) : part.input) as Record<string, unknown>);
      if (part.type === "tool-result") {
        const value = part.output?.type === "json" ? part.output.value : { ok: false, error: { code: "TOOL_ERROR", message: String(part.output?.value ?? "tool failed") } };
        records.push({ toolName: part.toolName, input: inputs.get(part.toolCallId) ?? {}, output: value as ToolRecord["output"] });
      }
    }
  }
  return records;
}
