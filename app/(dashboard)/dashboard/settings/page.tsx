import { requirePageSession } from "@/lib/session/page-session";
import { mayDo } from "@/lib/workspaces/permissions";
import { CreateWorkspaceForm } from "../_components/create-workspace-form";
import { NoWorkspace } from "../_components/no-workspace";
import { RenameForm } from "../_components/rename-form";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Settings · Ludex" };

async function SettingsPage() {
  const session = await requirePageSession("/dashboard/settings");
  if (!session.workspace) return <NoWorkspace />;
  return (
    <>
      <h1>Settings</h1>
      <section className="card" aria-labelledby="workspace-heading">
        <h2 id="workspace-heading">This workspace</h2>
        <p className="small muted">Id <code>{session.workspace.id}</code> (the <code>workspaceId</code> of <code>GET /api/v1/workspaces/&#123;workspaceId&#125;/usage</code>).</p>
        <RenameForm name={session.workspace.name} disabled={!mayDo(session.role, "workspace:rename")} />
      </section>
      <section className="card" aria-labelledby="new-heading">
        <h2 id="new-heading">Another workspace</h2>
        <p className="muted">A workspace has its own plan, credits, keys and members. You will own the new one.</p>
        <CreateWorkspaceForm />
      </section>
    </>
  );
}

export default outageAware(SettingsPage);
