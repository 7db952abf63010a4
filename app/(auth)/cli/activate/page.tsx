import { findPendingAuthorization } from "@/lib/cli-login/device-authorization";
import { ACTIVATE_PATH } from "@/lib/cli-login/device-endpoints";
import { formatDateTime } from "@/lib/session/format";
import { requirePageSession } from "@/lib/session/page-session";
import { listMemberships } from "@/lib/workspaces/manage-workspaces";
import { ApproveLoginForm } from "./approve-form";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Log in the Ludex CLI · Ludex" };
export const dynamic = "force-dynamic";

/** Where `ludex login` sends the user: type or check the code, see who asks, approve for a workspace or deny. */
async function ActivatePage({ searchParams }: { searchParams: Promise<{ code?: string | string[] }> }) {
  const raw = (await searchParams).code;
  const code = typeof raw === "string" ? raw.slice(0, 32) : "";
  const here = code ? `${ACTIVATE_PATH}?code=${encodeURIComponent(code)}` : ACTIVATE_PATH;
  const session = await requirePageSession(here);
  const pending = code ? await findPendingAuthorization(code) : null;
  if (!pending) {
    return (
      <>
        <h1>Log in the Ludex CLI</h1>
        {code ? (
          <p className="warn" role="alert">No login is waiting for the code {code}: it may have expired or been answered already. Run <code>ludex login</code> again.</p>
        ) : (
          <p>Enter the code <code>ludex login</code> printed in your terminal.</p>
        )}
        <form method="get" action={ACTIVATE_PATH} className="stack">
          <label htmlFor="code">Code</label>
          <input id="code" name="code" autoComplete="off" autoCapitalize="characters" placeholder="BCDF-GHJK" required defaultValue={code} />
          <button type="submit" className="button primary">Continue</button>
        </form>
      </>
    );
  }
  const workspaces = await listMemberships(session.user.id);
  return (
    <>
      <h1>Log in the Ludex CLI?</h1>
      <p>
        A command line on <strong data-testid="cli-host">{pending.clientHost}</strong> (ludex{" "}
        <span data-testid="cli-version">{pending.clientVersion}</span>) asks to act as <strong>{session.user.email}</strong>.
      </p>
      <p>
        Check that your terminal shows the code <code data-testid="user-code" style={{ whiteSpace: "nowrap" }}>{pending.userCode}</code>. Approve only a login you started
        yourself. The request expires at {formatDateTime(pending.expiresAt)}.
      </p>
      <ApproveLoginForm
        userCode={pending.userCode}
        workspaces={workspaces.map((w) => ({ id: w.id, name: w.name }))}
        current={session.workspace?.id ?? null}
      />
    </>
  );
}

export default outageAware(ActivatePage);
