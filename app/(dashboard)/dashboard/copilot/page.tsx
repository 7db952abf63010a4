// /dashboard/copilot[?c=<conversation>]: the copilot chat (a new one, or a kept conversation reopened), its tool calls, charges and charts
import type { UIMessage } from "ai";
import { notFound } from "next/navigation";
import { copilotModel } from "@/lib/copilot/copilot-model";
import { CONVERSATION_ID, listConversations, loadConversation } from "@/lib/copilot/conversation-store";
import { SUPPORTED_KINDS } from "@/lib/copilot/analyst-questions";
import { requirePageSession } from "@/lib/session/page-session";
import { CopilotChat } from "../_components/copilot-chat";
import { NoWorkspace } from "../_components/no-workspace";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Copilot · Ludex" };

async function CopilotPage({ searchParams }: { searchParams: Promise<{ c?: string | string[] }> }) {
  const session = await requirePageSession("/dashboard/copilot");
  if (!session.workspace) return <NoWorkspace />;
  const { name, builtIn } = copilotModel();
  const owner = { userId: session.user.id, workspaceId: session.workspace.id };
  const requested = (await searchParams).c;
  const id = typeof requested === "string" && CONVERSATION_ID.test(requested) ? requested : undefined;
  const [conversations, current] = await Promise.all([listConversations(owner), id ? loadConversation(owner, id) : null]);
  if (requested !== undefined && !current) notFound();
  return (
    <>
      <div className="page-head">
        <h1>Copilot</h1>
      </div>
      <p className="muted">
        Answers from the API&apos;s own operations, called as <strong>{session.workspace.name}</strong> at the API&apos;s prices. Every call,
        its parameters and its charge are shown under the answer. Model: {name}.
      </p>
      {builtIn && (
        <details className="card">
          <summary>What the built-in analyst can answer</summary>
          <ul>
            {SUPPORTED_KINDS.map((kind) => (
              <li key={kind}>{kind}</li>
            ))}
          </ul>
        </details>
      )}
      <CopilotChat key={current?.id ?? "new"} conversationId={current?.id} initialMessages={(current?.messages ?? []) as UIMessage[]} conversations={conversations} />
    </>
  );
}

export default outageAware(CopilotPage);
