// /dashboard/copilot: the copilot chat, its tool calls, their parameters and charges
import { copilotModel } from "@/lib/copilot/copilot-model";
import { SUPPORTED_KINDS } from "@/lib/copilot/analyst-questions";
import { requirePageSession } from "@/lib/session/page-session";
import { CopilotChat } from "../_components/copilot-chat";
import { NoWorkspace } from "../_components/no-workspace";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Copilot · Ludex" };

async function CopilotPage() {
  const session = await requirePageSession("/dashboard/copilot");
  if (!session.workspace) return <NoWorkspace />;
  const { name, builtIn } = copilotModel();
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
      <CopilotChat />
    </>
  );
}

export default outageAware(CopilotPage);
