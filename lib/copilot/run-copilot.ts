import { randomUUID } from "node:crypto";
import { convertToModelMessages, stepCountIs, streamText, type UIMessage } from "ai";
import { z } from "zod";
import type { BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { checkRateLimit } from "../metering/rate-limit";
import { copilotModel } from "./copilot-model";
import { copilotTools } from "./copilot-tools";
import { CONVERSATION_ID, MAX_STORED_MESSAGES, conversationTitle, loadConversation, newConversationId, saveConversation, type ConversationOwner } from "./conversation-store";

export const MAX_QUESTION_CHARS = 2000;
const MAX_MESSAGES = 40;

export const copilotRequestSchema = z.object({
  /** the conversation: a stored one is continued from its stored messages, a new id starts one */
  id: z.string().regex(CONVERSATION_ID, "a conversation id is 8 to 100 letters, digits, - or _").optional(),
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

/**
 * One copilot turn, streamed as the AI SDK's UI message stream; tool calls are charged to the session's
 * workspace. The conversation is kept per user and workspace: a stored one continues from the server's copy
 * (the client sends its new question), the question is stored before the model runs and the answer when it
 * ends, so neither is lost. The conversation's id is in the `X-Conversation-Id` header.
 */
export async function runCopilot(session: BrowserSession & { workspace: { id: string } }, sessionToken: string | null, body: z.infer<typeof copilotRequestSchema>): Promise<Response> {
  const owner: ConversationOwner = { userId: session.user.id, workspaceId: session.workspace.id };
  const incoming = body.messages.filter((message) => message.role !== "system") as unknown as UIMessage[];
  const last = incoming.at(-1);
  const question = last?.parts.map((part) => (part.type === "text" ? part.text : "")).join(" ") ?? "";
  if (last?.role !== "user" || !question.trim()) throw new ApiError("BAD_REQUEST", "messages: the last message must be the user's question.", { param: "messages" });
  if (question.length > MAX_QUESTION_CHARS) throw new ApiError("BAD_REQUEST", `messages: a question is at most ${MAX_QUESTION_CHARS} characters.`, { param: "messages" });
  const id = body.id ?? newConversationId();
  const stored = body.id ? await loadConversation(owner, id) : null;
  const messages = stored ? [...(stored.messages as UIMessage[]).filter((message) => message.id !== last.id), last] : incoming;
  if (messages.length > MAX_STORED_MESSAGES) {
    throw new ApiError("BAD_REQUEST", `This conversation holds ${MAX_STORED_MESSAGES} messages, the most one keeps: start a new conversation.`, { param: "messages" });
  }
  const { model, builtIn } = copilotModel();
  if (!builtIn) {
    const outcome = await checkRateLimit(`copilot:${session.user.id}`, modelCallLimit());
    if (!outcome.allowed) throw new ApiError("RATE_LIMITED", `You have used your ${outcome.policy.requests} copilot questions this hour; retry in ${outcome.resetSeconds} s.`, { headers: { "Retry-After": String(outcome.resetSeconds) } });
  }
  const title = conversationTitle(stored?.title ?? firstQuestion(messages) ?? question);
  await saveConversation(owner, id, title, messages);
  const tools = copilotTools(session, sessionToken);
  const result = streamText({
    model,
    system: SYSTEM,
    // The model reads the latest messages only: a long conversation must not grow a provider's bill without end.
    messages: await convertToModelMessages(messages.slice(-MAX_MESSAGES), { tools }),
    tools,
    stopWhen: stepCountIs(6),
  });
  return result.toUIMessageStreamResponse({
    headers: { "X-Conversation-Id": id },
    originalMessages: messages,
    generateMessageId: () => randomUUID(),
    onFinish: async ({ messages: answered }) => {
      try {
        await saveConversation(owner, id, title, answered);
      } catch (error) {
        console.error(`copilot: conversation ${id} not saved: ${(error as Error).message}`);
      }
    },
  });
}

function firstQuestion(messages: UIMessage[]): string | undefined {
  const first = messages.find((message) => message.role === "user");
  return first?.parts.map((part) => (part.type === "text" ? part.text : "")).join(" ");
}
