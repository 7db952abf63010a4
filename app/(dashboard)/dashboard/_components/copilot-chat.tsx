"use client";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useState } from "react";

type ToolPart = { type: string; toolCallId: string; state: string; input?: unknown; output?: { ok?: boolean; charged?: number; requestId?: string; error?: { message: string } }; errorText?: string };

/** The chat: questions, streamed answers, and each tool call with its parameters, charge and request id. */
export function CopilotChat() {
  const { messages, sendMessage, status, error } = useChat({ transport: new DefaultChatTransport({ api: "/api/copilot" }) });
  const [input, setInput] = useState("");
  const busy = status === "submitted" || status === "streaming";
  return (
    <section className="card copilot">
      <ol className="copilot-messages">
        {messages.map((message) => (
          <li key={message.id} className={`copilot-message ${message.role}`} data-role={message.role}>
            <strong>{message.role === "user" ? "You" : "Copilot"}</strong>
            {message.parts.map((part, index) => renderPart(message, part as ToolPart & { text?: string }, index))}
          </li>
        ))}
      </ol>
      {error && <p role="alert" className="error">{error.message}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim() || busy) return;
          void sendMessage({ text: input });
          setInput("");
        }}
      >
        <label>
          Question{" "}
          <input value={input} onChange={(event) => setInput(event.target.value)} maxLength={2000} size={70} placeholder="How many roguelike games were released in 2019?" />
        </label>{" "}
        <button type="submit" disabled={busy}>
          {busy ? "Answering…" : "Ask"}
        </button>
      </form>
    </section>
  );
}

function renderPart(message: UIMessage, part: ToolPart & { text?: string }, index: number) {
  const key = `${message.id}-${index}`;
  if (part.type === "text") return <div key={key} className="copilot-text" style={{ whiteSpace: "pre-wrap" }}>{part.text}</div>;
  if (!part.type.startsWith("tool-")) return null;
  const name = part.type.slice("tool-".length);
  const output = part.output;
  return (
    <details key={key} className="copilot-tool" data-testid="tool-call">
      <summary>
        Called <code>{name}</code>
        {output ? (output.ok ? ` · charged ${output.charged} credit${output.charged === 1 ? "" : "s"}` : ` · refused: ${output.error?.message}`) : part.errorText ? ` · failed: ${part.errorText}` : " · running…"}
      </summary>
      <div>
        Parameters: <code>{JSON.stringify(part.input)}</code>
      </div>
      {output?.requestId && <div>Request id: <code>{output.requestId}</code></div>}
      {output && (
        <pre className="copilot-result" style={{ maxHeight: 240, overflow: "auto" }}>
          {JSON.stringify(output, null, 2).slice(0, 6000)}
        </pre>
      )}
    </details>
  );
}
