import { convertToModelMessages, stepCountIs, streamText, type UIMessage } from "ai";
import { z } from "zod";
import type { BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { checkRateLimit } from "../metering/rate-limit";
import { copilotModel } from "./copilot-model";
import { copilotTools } from "./copilot-tools";

export const MAX_QUESTION_CHARS = 2000;
const MAX_MESSAGES = 40;

export const copilotRequestSchema = z.object({
  id: z.string().max(100).optional(),
  messages: z.array(z.looseObject({ role: z.enum(["user", "assistant", "system"]), parts: z.array(z.looseObject({ type: z.string() })) })).min(1).max(MAX_MESSAGES),
});

/** Model calls a user may start per hour (`LUDEX_COPILOT_CALLS_PER_HOUR`): a paid provider's budget is protected per person. */
function modelCallLimit() {
  const configured = Number(process.env.LUDEX_COPILOT_CALLS_PER_HOUR);
  return { name: "copilot-model-calls", requests: Number.isInteger(configured) && configured > 0 ? configured : 60, windowSeconds: 3600 };
}

const SYSTEM = [
  "You are Ludex's market analyst for Steam games. Answer only from the tools' results; every figure you give must come from a tool call in this conversation.",
  "Keep observed and estimated figures apart and say which is which. A value that is null was not collected: say it is unknown, never 0.",
  "Resolve titles given by name with resolveGames and tag names with listTags before other calls. Say plainly when the data cannot answer.",
].join(" ");

/** One copilot turn, streamed as the AI SDK's UI message stream; tool calls are charged to the session's workspace. */
export async function runCopilot(session: BrowserSession, sessionToken: string | null, body: z.infer<typeof copilotRequestSchema>): Promise<Response> {
  const messages = body.messages.filter((message) => message.role !== "system") as unknown as UIMessage[];
  const last = messages.at(-1);
  const question = last?.parts.map((part) => (part.type === "text" ? part.text : "")).join(" ") ?? "";
  if (last?.role !== "user" || !question.trim()) throw new ApiError("BAD_REQUEST", "messages: the last message must be the user's question.", { param: "messages" });
  if (question.length > MAX_QUESTION_CHARS) throw new ApiError("BAD_REQUEST", `messages: a question is at most ${MAX_QUESTION_CHARS} characters.`, { param: "messages" });
  const { model, builtIn } = copilotModel();
  if (!builtIn) {
    const outcome = await checkRateLimit(`copilot:${session.user.id}`, modelCallLimit());
    if (!outcome.allowed) throw new ApiError("RATE_LIMITED", `You have used your ${outcome.policy.requests} copilot questions this hour; retry in ${outcome.resetSeconds} s.`, { headers: { "Retry-After": String(outcome.resetSeconds) } });
  }
  const result = streamText({
    model,
    system: SYSTEM,
    messages: await convertToModelMessages(messages),
    tools: copilotTools(session, sessionToken),
    stopWhen: stepCountIs(6),
  });
  return result.toUIMessageStreamResponse();
}
