import { pageSession } from "@/lib/session/page-session";
import { findInvitation } from "@/lib/workspaces/manage-members";
import { AcceptInvitationButton } from "./accept-button";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Invitation · Ludex" };
export const dynamic = "force-dynamic";

async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, session] = await Promise.all([findInvitation(token), pageSession()]);
  if (!invitation) {
    return (
      <>
        <h1>Invitation not valid</h1>
        <p>This invitation has expired, was already used or was revoked. Ask for a new one.</p>
      </>
    );
  }
  const here = `/invite/${encodeURIComponent(token)}`;
  return (
    <>
      <h1>Join {invitation.workspace.name}</h1>
      <p>
        You are invited as <strong>{invitation.role}</strong> ({invitation.email}).
      </p>
      {!session ? (
        <p><a className="button primary" href={`/signin?callbackUrl=${encodeURIComponent(here)}`}>Sign in as {invitation.email} to accept</a></p>
      ) : session.user.email.toLowerCase() !== invitation.email ? (
        <p className="warn" role="alert">
          You are signed in as {session.user.email}; this invitation is for {invitation.email}. Sign out and sign in with that address.
        </p>
      ) : (
        <AcceptInvitationButton token={token} />
      )}
    </>
  );
}

export default outageAware(InvitationPage);
