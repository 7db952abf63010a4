"use client";
import { useState } from "react";

export type ConversationItem = { id: string; title: string; messages: number; updatedAt: string };

/** The user's conversations in this workspace: reopen one (its address), start a new one, delete one. */
export function ConversationList({ conversations, currentId, onDeleted }: { conversations: ConversationItem[]; currentId?: string; onDeleted: () => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const remove = async (conversation: ConversationItem) => {
    if (!window.confirm(`Delete the conversation “${conversation.title}”?`)) return;
    const response = await fetch(`/api/copilot/conversations/${encodeURIComponent(conversation.id)}`, { method: "DELETE" });
    if (!response.ok) {
      setFailure((await response.json().catch(() => null))?.error?.message ?? `Not deleted (HTTP ${response.status}).`);
      return;
    }
    setFailure(null);
    if (conversation.id === currentId) window.location.assign("/dashboard/copilot");
    else onDeleted();
  };
  return (
    <nav className="card copilot-conversations" aria-label="Conversations">
      <h2>Conversations</h2>
      <a href="/dashboard/copilot">New conversation</a>
      {failure && <p role="alert" className="error">{failure}</p>}
      {conversations.length === 0 ? (
        <p className="muted">None kept yet.</p>
      ) : (
        <ul>
          {conversations.map((conversation) => (
            <li key={conversation.id} aria-current={conversation.id === currentId ? "page" : undefined}>
              <a href={`/dashboard/copilot?c=${encodeURIComponent(conversation.id)}`}>{conversation.title}</a>
              <small className="muted"> {new Date(conversation.updatedAt).toISOString().slice(0, 16).replace("T", " ")} UTC</small>{" "}
              <button type="button" className="link-button" onClick={() => void remove(conversation)} aria-label={`Delete “${conversation.title}”`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
