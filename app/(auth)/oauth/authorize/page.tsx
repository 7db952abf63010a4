// /oauth/authorize: the OAuth authorization endpoint's consent page, naming the MCP client and the workspace it will spend
import { redirect } from "next/navigation";
import { checkPageRequest } from "@/lib/oauth/consent";
import { requirePageSession } from "@/lib/session/page-session";
import { listMemberships } from "@/lib/workspaces/manage-workspaces";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Connect an agent · Ludex" };
export const dynamic = "force-dynamic";

const SCOPE_TEXT: Record<string, string> = {
  "market:read": "read market data (games, tags, reviews, cohorts, estimates), spending the workspace's credits",
  "workspace:read": "read the workspace's credit status and usage",
};

/** The request's own parameters travel with the decision; nothing else from the URL does. */
const REQUEST_PARAMETERS = ["response_type", "client_id", "redirect_uri", "code_challenge", "code_challenge_method", "state", "scope", "resource"];

async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = new URLSearchParams();
  const given = await searchParams;
  for (const name of REQUEST_PARAMETERS) if (typeof given[name] === "string") params.set(name, given[name]);
  const checked = await checkPageRequest(params);
  if (!checked.ok) {
    if (checked.redirect) redirect(checked.redirect);
    return (
      <>
        <h1>This connection request is not valid</h1>
        <p role="alert">{checked.message}</p>
        <p className="muted small">Start the connection again from your MCP client.</p>
      </>
    );
  }
  const session = await requirePageSession(`/oauth/authorize?${params}`);
  const workspaces = await listMemberships(session.user.id);
  const { client, redirectUri, scopes } = checked.request;
  if (workspaces.length === 0) {
    return (
      <>
        <h1>Connect {client.name}</h1>
        <p>You are not a member of any workspace yet. <a href="/dashboard">Create one in the dashboard</a>, then connect again.</p>
      </>
    );
  }
  const current = session.workspace?.id ?? workspaces[0].id;
  return (
    <>
      <h1>Connect {client.name} to Ludex</h1>
      <p>
        <strong data-testid="client-name">{client.name}</strong> asks to use Ludex as <strong>{session.user.email}</strong>. It will be able to:
      </p>
      <ul>
        {scopes.map((scope) => (
          <li key={scope}>{SCOPE_TEXT[scope] ?? scope}</li>
        ))}
      </ul>
      <form method="post" action="/api/oauth/authorize">
        {[...params].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label>
          Workspace whose credits it spends
          <select name="workspace_id" defaultValue={current}>
            {workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name} ({workspace.plan})
              </option>
            ))}
          </select>
        </label>
        <ClientFacts client={client} redirectUri={redirectUri} />
        <p className="small muted">
          The application&apos;s name is what it declared itself; approve only a connection you started. You can revoke it any time
          under API keys in the dashboard.
        </p>
        <div className="actions">
          <button type="submit" name="decision" value="approve" className="button primary">Approve</button>{" "}
          <button type="submit" name="decision" value="deny" className="button">Deny</button>
        </div>
      </form>
    </>
  );
}

export default outageAware(AuthorizePage);

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Where the code goes and who vouches for the name (the MCP spec: show the redirect URI's host; warn when a
 * metadata-document client redirects to localhost, since any local program can claim that client's URL).
 */
function ClientFacts({ client, redirectUri }: { client: { id: string; metadataUrl: boolean }; redirectUri: string }) {
  const target = new URL(redirectUri);
  const where = target.host || `${target.protocol}${target.pathname}`;
  const local = LOOPBACK.has(target.hostname);
  return (
    <>
      <p className="small">
        After you approve, you return to <strong data-testid="redirect-host">{where}</strong>
        {client.metadataUrl ? (
          <>
            {" "}
            (the application is identified by <strong data-testid="client-host">{new URL(client.id).host}</strong>)
          </>
        ) : null}
        .
      </p>
      {client.metadataUrl && local ? (
        <p className="form-error" role="note" data-testid="localhost-warning">
          This application returns to a program on your own computer ({where}). Any program there could present itself as{" "}
          {new URL(client.id).host}: approve only if you started this connection from that application just now.
        </p>
      ) : null}
    </>
  );
}
