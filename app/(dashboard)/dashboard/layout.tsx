import type { ReactNode } from "react";
import { requirePageSession } from "@/lib/session/page-session";
import { listMemberships } from "@/lib/workspaces/manage-workspaces";
import { signOutAction } from "./actions";
import { NavLinks } from "./_components/nav-links";
import { WorkspaceSwitcher } from "./_components/workspace-switcher";
import { outageAware } from "@/lib/session/outage-page";

export const dynamic = "force-dynamic";

/** The signed-in shell: workspace switcher, navigation, the user and sign-out. */
async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await requirePageSession("/dashboard");
  const memberships = await listMemberships(session.user.id);
  return (
    <div className="dashboard">
      <aside className="sidebar">
        <a href="/" className="brand">Ludex</a>
        {session.workspace ? (
          <WorkspaceSwitcher current={session.workspace.id} options={memberships.map((m) => ({ id: m.id, name: m.name, role: m.role }))} />
        ) : null}
        <nav aria-label="Dashboard">
          <NavLinks />
        </nav>
        <div className="account">
          <p className="muted small" title={session.user.email}>{session.user.email}</p>
          <form action={signOutAction}>
            <button type="submit" className="button small">Sign out</button>
          </form>
          <p className="small"><a href="/docs">API reference</a></p>
        </div>
      </aside>
      <main id="content" className="dashboard-main">{children}</main>
    </div>
  );
}

export default outageAware(DashboardLayout);
