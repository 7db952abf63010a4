import { randomBytes } from "node:crypto";
import { ApiError } from "../api/api-error";
import type { Role } from "../access/browser-session";
import { newId } from "../access/ids";
import { hashToken } from "../access/token-format";
import { getPrisma } from "../db/prisma-client";
import { sendMail } from "../mail/send-mail";
import { requireRole } from "./permissions";

type Tx = Parameters<Parameters<ReturnType<typeof getPrisma>["$transaction"]>[0]>[0];

export const ROLES = ["owner", "member"] as const;
export const INVITATION_DAYS = 7;
const MAX_PENDING_INVITATIONS = 50;

export interface Actor {
  userId: string;
  role: Role | null;
}

export async function listMembers(workspaceId: string) {
  const [members, invitations] = await Promise.all([
    getPrisma().membership.findMany({ where: { workspaceId }, include: { user: true }, orderBy: { createdAt: "asc" } }),
    getPrisma().invitation.findMany({
      where: { workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: "desc" },
    }),
  ]);
  return {
    members: members.map((m) => ({ userId: m.userId, email: m.user.email, name: m.user.name, role: m.role as Role, joinedAt: m.createdAt })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role as Role, createdAt: i.createdAt, expiresAt: i.expiresAt })),
  };
}

/** Invites an address: the mail carries a one-time link that joins whoever signs in with that address. */
export async function inviteMember(input: { workspaceId: string; workspaceName: string; actor: Actor; inviterEmail: string; email: string; role: Role; origin: string }) {
  requireRole(input.actor.role, "members:manage");
  const email = input.email.trim().toLowerCase();
  const prisma = getPrisma();
  const [existing, pending] = await Promise.all([
    prisma.membership.findFirst({ where: { workspaceId: input.workspaceId, user: { email } } }),
    prisma.invitation.count({ where: { workspaceId: input.workspaceId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } } }),
  ]);
  if (existing) throw new ApiError("BAD_REQUEST", `${email} is already a member of this workspace.`, { param: "email" });
  if (pending >= MAX_PENDING_INVITATIONS) throw new ApiError("BAD_REQUEST", "Too many pending invitations; revoke some first.", { param: "email" });
  const secret = randomBytes(24).toString("base64url");
  const invitation = await prisma.invitation.create({
    data: {
      id: newId("inv"),
      workspaceId: input.workspaceId,
      email,
      role: input.role,
      tokenHash: hashToken(secret),
      invitedByUserId: input.actor.userId,
      expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000),
    },
  });
  const link = `${input.origin}/invite/${secret}`;
  await sendMail({
    to: email,
    subject: `You are invited to ${input.workspaceName} on Ludex`,
    text: `${input.inviterEmail} invited you to join the workspace "${input.workspaceName}" on Ludex as ${input.role}.\n\nAccept (sign in with ${email}):\n\n${link}\n\nThe invitation expires in ${INVITATION_DAYS} days.`,
    link,
  });
  return { id: invitation.id, email, role: input.role, expiresAt: invitation.expiresAt.toISOString() };
}

export async function revokeInvitation(workspaceId: string, actor: Actor, invitationId: string) {
  requireRole(actor.role, "members:manage");
  const { count } = await getPrisma().invitation.updateMany({
    where: { id: invitationId, workspaceId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (!count) throw new ApiError("NOT_FOUND", "No pending invitation with that id.", { param: "invitationId" });
}

/** The invitation behind a link's secret, if it can still be accepted. */
export async function findInvitation(secret: string) {
  const invitation = await getPrisma().invitation.findUnique({ where: { tokenHash: hashToken(secret) }, include: { workspace: true } });
  if (!invitation || invitation.acceptedAt || invitation.revokedAt || invitation.expiresAt <= new Date()) return null;
  return { id: invitation.id, email: invitation.email, role: invitation.role as Role, workspace: { id: invitation.workspaceId, name: invitation.workspace.name } };
}

/** Joins the signed-in user to the invitation's workspace, once, if the invitation was for their address. */
export async function acceptInvitation(secret: string, user: { id: string; email: string }, sessionId: string) {
  return getPrisma().$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ workspace_id: string; role: string; email: string }[]>`
      UPDATE invitations SET accepted_at = now()
      WHERE token_hash = ${hashToken(secret)} AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > now()
        AND lower(email) = ${user.email.toLowerCase()}
      RETURNING workspace_id, role, email`;
    const invitation = rows[0];
    if (!invitation) throw new ApiError("NOT_FOUND", "This invitation does not exist, has expired, was used, or is for another address.");
    await tx.membership.upsert({
      where: { userId_workspaceId: { userId: user.id, workspaceId: invitation.workspace_id } },
      create: { userId: user.id, workspaceId: invitation.workspace_id, role: invitation.role },
      update: {},
    });
    await tx.browserSession.update({ where: { id: sessionId }, data: { currentWorkspaceId: invitation.workspace_id } });
    return { workspaceId: invitation.workspace_id };
  });
}

/**
 * Removes a member (an owner may remove anyone, a member only themselves), never the last owner. The
 * keys and CLI credentials they created in the workspace are revoked with them.
 */
export async function removeMember(workspaceId: string, actor: Actor, userId: string) {
  if (userId !== actor.userId) requireRole(actor.role, "members:manage");
  await changeMembers(workspaceId, async (tx, owners) => {
    const member = await tx.membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } } });
    if (!member) throw new ApiError("NOT_FOUND", "No such member.", { param: "userId" });
    if (member.role === "owner" && owners <= 1) throw new ApiError("BAD_REQUEST", "A workspace keeps at least one owner: make someone else owner first.");
    await tx.membership.delete({ where: { userId_workspaceId: { userId, workspaceId } } });
    await tx.apiToken.updateMany({ where: { workspaceId, createdByUserId: userId, revokedAt: null }, data: { revokedAt: new Date() } });
  });
}

export async function changeRole(workspaceId: string, actor: Actor, userId: string, role: Role) {
  requireRole(actor.role, "members:manage");
  await changeMembers(workspaceId, async (tx, owners) => {
    const member = await tx.membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } } });
    if (!member) throw new ApiError("NOT_FOUND", "No such member.", { param: "userId" });
    if (member.role === "owner" && role !== "owner" && owners <= 1) {
      throw new ApiError("BAD_REQUEST", "A workspace keeps at least one owner: make someone else owner first.");
    }
    await tx.membership.update({ where: { userId_workspaceId: { userId, workspaceId } }, data: { role } });
  });
}

/** Member changes of one workspace run one at a time (its row locked), so two cannot remove the last owner together. */
async function changeMembers(workspaceId: string, change: (tx: Tx, owners: number) => Promise<void>) {
  await getPrisma().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
    const owners = await tx.membership.count({ where: { workspaceId, role: "owner" } });
    await change(tx, owners);
  });
}
