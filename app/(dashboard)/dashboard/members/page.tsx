import { formatDate } from "@/lib/session/format";
import { requirePageSession } from "@/lib/session/page-session";
import { listMembers } from "@/lib/workspaces/manage-members";
import { mayDo } from "@/lib/workspaces/permissions";
import { ConfirmButton } from "../_components/confirm-button";
import { InviteForm } from "../_components/invite-form";
import { NoWorkspace } from "../_components/no-workspace";
import { RoleSelect } from "../_components/role-select";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Members · Ludex" };

/** Who is in the workspace; owners invite, change roles and remove, members can leave. */
async function MembersPage() {
  const session = await requirePageSession("/dashboard/members");
  if (!session.workspace) return <NoWorkspace />;
  const { members, invitations } = await listMembers(session.workspace.id);
  const manage = mayDo(session.role, "members:manage");
  return (
    <>
      <h1>Members</h1>
      <p className="muted">Owners manage members and everyone&apos;s keys; members use the workspace and manage their own keys.</p>
      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading">{members.length} {members.length === 1 ? "member" : "members"}</h2>
        <div className="table-scroll">
          <table data-testid="members">
            <thead><tr><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Joined</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.userId}>
                  <td>{member.email}{member.userId === session.user.id ? <span className="pill">you</span> : null}</td>
                  <td>{manage ? <RoleSelect userId={member.userId} role={member.role} email={member.email} /> : member.role}</td>
                  <td>{formatDate(member.joinedAt)}</td>
                  <td>
                    {manage || member.userId === session.user.id ? (
                      <ConfirmButton
                        label={member.userId === session.user.id ? "Leave" : "Remove"}
                        title={member.userId === session.user.id ? "Leave this workspace?" : `Remove ${member.email}?`}
                        message="The keys and CLI credentials they created here are revoked with them."
                        confirmLabel={member.userId === session.user.id ? "Leave" : "Remove"}
                        method="DELETE"
                        url={`/api/dashboard/members/${member.userId}`}
                        after={member.userId === session.user.id ? "/dashboard" : undefined}
                      />
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {manage ? (
        <section className="card" aria-labelledby="invite-heading">
          <h2 id="invite-heading">Invite</h2>
          <InviteForm />
          {invitations.length > 0 ? (
            <table data-testid="invitations">
              <thead><tr><th scope="col">Pending</th><th scope="col">Role</th><th scope="col">Expires</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr></thead>
              <tbody>
                {invitations.map((invitation) => (
                  <tr key={invitation.id}>
                    <td>{invitation.email}</td>
                    <td>{invitation.role}</td>
                    <td>{formatDate(invitation.expiresAt)}</td>
                    <td>
                      <ConfirmButton label="Revoke" title={`Revoke the invitation to ${invitation.email}?`} message="Its link stops working." confirmLabel="Revoke" method="DELETE" url={`/api/dashboard/invitations/${invitation.id}`} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export default outageAware(MembersPage);
