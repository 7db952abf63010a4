import { newId } from "../access/ids";
import { getPrisma } from "../db/prisma-client";
import { WELCOME_GRANT_NOTE, WELCOME_GRANTS_PER_USER, welcomeGrantPolicy } from "./welcome-grant";

type Tx = Parameters<Parameters<ReturnType<typeof getPrisma>["$transaction"]>[0]>[0];

export const WORKSPACE_NAME_MAX = 64;

/**
 * A workspace owned by `userId`, on the Free plan, with the welcome grant when the policy gives one and
 * the user has not had their share. One transaction: no workspace exists without its owner.
 */
export async function createOwnedWorkspace(userId: string, name: string, tx?: Tx) {
  const run = async (db: Tx) => {
    const workspace = await db.workspace.create({ data: { id: newId("ws"), name: cleanWorkspaceName(name), plan: "free" } });
    await db.membership.create({ data: { userId, workspaceId: workspace.id, role: "owner" } });
    await grantWelcome(db, userId, workspace.id);
    return workspace;
  };
  return tx ? run(tx) : getPrisma().$transaction(run);
}

export function cleanWorkspaceName(name: string): string {
  const cleaned = name.replace(/\s+/g, " ").trim().slice(0, WORKSPACE_NAME_MAX);
  return cleaned || "Untitled workspace";
}

/** The personal workspace's name, from the address: "ada@example.com" -> "ada's workspace". */
export function personalWorkspaceName(email: string): string {
  return `${email.split("@")[0]}'s workspace`;
}

async function grantWelcome(db: Tx, userId: string, workspaceId: string) {
  const policy = welcomeGrantPolicy();
  if (!policy) return;
  const earned = await db.grant.count({
    where: { note: WELCOME_GRANT_NOTE, workspace: { memberships: { some: { userId, role: "owner" } } } },
  });
  if (earned >= WELCOME_GRANTS_PER_USER) return;
  const now = new Date();
  await db.grant.create({
    data: {
      id: newId("gr"),
      workspaceId,
      credits: policy.credits,
      apiAccess: true,
      startsAt: now,
      endsAt: new Date(now.getTime() + policy.days * 86_400_000),
      note: WELCOME_GRANT_NOTE,
    },
  });
}
