"use client";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { useCallback, useState } from "react";
import { ConversationList, type ConversationItem } from "./conversation-list";

type ChartOutput = { title: string; caption: string[]; kind: string; pngBase64: string };
type ToolPart = {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: { ok?: boolean; charged?: number; requestId?: string; error?: { message: string }; chart?: ChartOutput };
  errorText?: string;
};

/**
 * The chat: questions, streamed answers, each tool call with its parameters, charge and request id, and the
 * charts the answer draws. The conversation is kept on the server (it sends only the new question) and can
 * be reopened from the list beside it.
 */
export function CopilotChat({ conversationId, initialMessages, conversations }: { conversationId?: string; initialMessages: UIMessage[]; conversations: ConversationItem[] }) {
  const [id] = useState(() => conversationId ?? crypto.randomUUID());
  const [list, setList] = useState(conversations);
  const reloadList = useCallback(async () => {
    const response = await fetch("/api/copilot/conversations", { cache: "no-store" });
    if (response.ok) setList((await response.json()).data);
  }, []);
  const { messages, sendMessage, status, error } = useChat({
    id,
    messages: initialMessages,
    transport: new DefaultChatTransport({ api: "/api/copilot", prepareSendMessagesRequest: ({ messages }) => ({ body: { id, messages: messages.slice(-1) } }) }),
    onFinish: () => void reloadList(),
  });
  const [input, setInput] = useState("");
  const busy = status === "submitted" || status === "streaming";
  return (
    <div className="copilot-layout">
      <ConversationList conversations={list} currentId={messages.length ? id : undefined} onDeleted={reloadList} />
      <section className="card copilot">
        {messages.length === 0 && <p className="muted">Ask a question below; the conversation is kept and listed here to reopen.</p>}
        <ol className="copilot-messages">
          {messages.map((message) => (
            <li key={message.id} className={`copilot-message ${message.role}`} data-role={message.role}>
              <strong>{message.role === "user" ? "You" : "Copilot"}</strong>
              {message.parts.map((part, index) => renderPart(message, part as ToolPart & { text?: string }, index))}
              {message.role === "assistant" && <AnswerCharts parts={message.parts as unknown as ToolPart[]} />}
              {message.role === "assistant" && <AnswerCharge parts={message.parts as unknown as ToolPart[]} />}
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
            // The address names the conversation, so a reload or a bookmark reopens it.
            window.history.replaceState(null, "", `/dashboard/copilot?c=${encodeURIComponent(id)}`);
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
    </div>
  );
}

function renderPart(message: UIMessage, part: ToolPart & { text?: string }, index: number) {
  const key = `${message.id}-${index}`;
  if (part.type === "text") return <div key={key} className="copilot-text" style={{ whiteSpace: "pre-wrap" }}>{part.text}</div>;
  if (!part.type.startsWith("tool-")) return null;
  const name = part.type.slice("tool-".length);
  const output = part.output;
  return (
    <div key={key}>
      <details className="copilot-tool" data-testid="tool-call">
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
            {JSON.stringify(output, (field, value) => (field === "pngBase64" ? "(the image below)" : value), 2).slice(0, 6000)}
          </pre>
        )}
      </details>
    </div>
  );
}

/** The charts the answer's calls drew, under its text. */
function AnswerCharts({ parts }: { parts: ToolPart[] }) {
  const charts = parts.flatMap((part) => (part.type.startsWith("tool-") && part.output?.ok && part.output.chart ? [{ id: part.toolCallId, chart: part.output.chart }] : []));
  return charts.map(({ id, chart }) => <ChartFigure key={id} chart={chart} />);
}

/** What the answer's calls charged together, shown under every answer whatever the model writes. */
function AnswerCharge({ parts }: { parts: ToolPart[] }) {
  const calls = parts.filter((part) => part.type.startsWith("tool-") && part.output);
  if (calls.length === 0) return null;
  const credits = calls.reduce((sum, part) => sum + (part.output?.charged ?? 0), 0);
  return (
    <p className="muted small" data-testid="answer-charge">
      {calls.length} call{calls.length === 1 ? "" : "s"}, {credits} credit{credits === 1 ? "" : "s"} charged to this workspace.
    </p>
  );
}

function ChartFigure({ chart }: { chart: ChartOutput }) {
  const src = `data:image/png;base64,${chart.pngBase64}`;
  return (
    <figure className="chart-figure copilot-chart">
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img src={src} alt={chart.title} width={1200} height={675} style={{ maxWidth: "100%", height: "auto" }} />
      <figcaption>
        {chart.caption.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </figcaption>
      <a href={src} download={`ludex-copilot-${chart.kind}.png`}>
        Download PNG
      </a>
    </figure>
  );
}
