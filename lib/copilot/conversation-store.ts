import { randomUUID } from "node:crypto";
import { ApiError } from "../api/api-error";
import { getPrisma } from "../db/prisma-client";

/** Messages one conversation may hold (questions, answers): past it the user starts a new conversation. */
export const MAX_STORED_MESSAGES = 100;
const TITLE_CHARS = 80;
const LISTED = 100;

export interface ConversationOwner {
  userId: string;
  workspaceId: string;
}

export interface ConversationSummary {
  id: string;
  title: string;
  messages: number;
  createdAt: string;
  updatedAt: string;
}

/** A conversation id: the chat names its own (a random UUID), so it must look like one. */
export const CONVERSATION_ID = /^[A-Za-z0-9_-]{8,100}$/;
export const newConversationId = () => randomUUID();

export function conversationTitle(question: string): string {
  const line = question.trim().replace(/\s+/g, " ");
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS - 1)}…` : line;
}

/** The user's conversations in their current workspace, most recently continued first. */
export async function listConversations(owner: ConversationOwner): Promise<ConversationSummary[]> {
  const rows = await getPrisma().$queryRaw<{ id: string; title: string; messages: number; created_at: Date; updated_at: Date }[]>`
    SELECT id, title, jsonb_array_length(messages)::int AS messages, created_at, updated_at
    FROM copilot_conversations
    WHERE user_id = ${owner.userId} AND workspace_id = ${owner.workspaceId}
    ORDER BY updated_at DESC, id
    LIMIT ${LISTED}`;
  return rows.map((row) => ({ id: row.id, title: row.title, messages: row.messages, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() }));
}

/** One conversation of this user in this workspace; another's (or another workspace's) is not found. */
export async function loadConversation(owner: ConversationOwner, id: string): Promise<{ id: string; title: string; messages: unknown[]; updatedAt: string } | null> {
  const row = await getPrisma().copilotConversation.findFirst({ where: { id, userId: owner.userId, workspaceId: owner.workspaceId } });
  if (!row) return null;
  return { id: row.id, title: row.title, messages: row.messages as unknown[], updatedAt: row.updatedAt.toISOString() };
}

/**
 * Writes the conversation's messages, creating it on its first question. An id held by another user or
 * workspace is refused as not found, so nobody can write into (or learn of) a conversation not theirs.
 */
export async function saveConversation(owner: ConversationOwner, id: string, title: string, messages: unknown[]): Promise<void> {
  const json = JSON.stringify(messages);
  const written = await getPrisma().$executeRaw`
    INSERT INTO copilot_conversations (id, user_id, workspace_id, title, messages, updated_at)
    VALUES (${id}, ${owner.userId}, ${owner.workspaceId}, ${title}, ${json}::jsonb, now())
    ON CONFLICT (id) DO UPDATE SET messages = EXCLUDED.messages, updated_at = now()
    WHERE copilot_conversations.user_id = EXCLUDED.user_id AND copilot_conversations.workspace_id = EXCLUDED.workspace_id`;
  if (written === 0) throw conversationNotFound(id);
}

export async function deleteConversation(owner: ConversationOwner, id: string): Promise<void> {
  const { count } = await getPrisma().copilotConversation.deleteMany({ where: { id, userId: owner.userId, workspaceId: owner.workspaceId } });
  if (count === 0) throw conversationNotFound(id);
}

export function conversationNotFound(id: string): ApiError {
  return new ApiError("NOT_FOUND", `No conversation '${id.slice(0, 100)}' of yours in this workspace.`);
}
