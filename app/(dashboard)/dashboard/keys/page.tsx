import { listWorkspaceKeys, type WorkspaceKey } from "@/lib/access/workspace-keys";
import { SCOPES } from "@/lib/api/operation";
import { formatDate, formatDateTime } from "@/lib/session/format";
import { requirePageSession } from "@/lib/session/page-session";
import { ConfirmButton } from "../_components/confirm-button";
import { CreateKeyDialog } from "../_components/create-key-dialog";
import { NoWorkspace } from "../_components/no-workspace";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "API keys · Ludex" };

const SECTIONS = [
  { type: "api", title: "API keys", empty: "No API keys yet: create one to call the API from code, CI or a server." },
  { type: "cli", title: "CLI credentials", empty: "No CLI credentials." },
  { type: "mcp", title: "MCP tokens", empty: "No MCP tokens." },
] as const;

/** Every key, CLI credential and MCP token of the workspace; owners revoke any, members their own. */
async function KeysPage() {
  const session = await requirePageSession("/dashboard/keys");
  if (!session.workspace) return <NoWorkspace />;
  const keys = await listWorkspaceKeys(session.workspace.id);
  const mayRevoke = (key: WorkspaceKey) => session.role === "owner" || key.createdBy?.id === session.user.id;
  return (
    <>
      <div className="page-head">
        <h1>API keys</h1>
        <CreateKeyDialog scopes={SCOPES} />
      </div>
      <p className="muted">
        Send a key as <code>Authorization: Bearer ldx_…</code>. A key&apos;s secret is shown once, when it is created;
        Ludex keeps only its hash.
      </p>
      {SECTIONS.map((section) => {
        const rows = keys.filter((key) => key.type === section.type);
        return (
          <section key={section.type} className="card" aria-labelledby={`${section.type}-heading`}>
            <h2 id={`${section.type}-heading`}>{section.title}</h2>
            {rows.length === 0 ? (
              <p className="muted">{section.empty}</p>
            ) : (
              <div className="table-scroll">
                <table data-testid={`${section.type}-keys`}>
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Key</th>
                      <th scope="col">Scopes</th>
                      <th scope="col">Created</th>
                      <th scope="col">Last used</th>
                      <th scope="col">Expires</th>
                      <th scope="col"><span className="visually-hidden">Actions</span></th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((key) => (
                      <tr key={key.id} data-key-id={key.id}>
                        <td>
                          {key.name ?? <span className="muted">unnamed</span>}
                          {key.clientName ? <div className="small muted">{key.clientName}</div> : null}
                        </td>
                        <td><code>{key.displayPrefix}…{key.last4}</code></td>
                        <td>{key.scopes.map((scope) => <code key={scope} className="pill">{scope}</code>)}</td>
                        <td>
                          {formatDate(key.createdAt)}
                          <div className="small muted">{key.createdBy?.email ?? "operator"}</div>
                        </td>
                        <td>{key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "never"}</td>
                        <td>{key.expiresAt ? (key.expiresAt <= new Date() ? <span className="warn">expired {formatDate(key.expiresAt)}</span> : formatDate(key.expiresAt)) : "never"}</td>
                        <td>
                          {mayRevoke(key) ? (
                            <ConfirmButton
                              label="Revoke"
                              title={`Revoke ${key.name ?? key.displayPrefix}?`}
                              message="Calls with it fail from now on, on every server. This cannot be undone."
                              confirmLabel="Revoke"
                              method="DELETE"
                              url={`/api/dashboard/keys/${key.id}`}
                            />
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}

export default outageAware(KeysPage);
