import { ApiError } from "../api/api-error";
import type { Role } from "../access/browser-session";
import { getPrisma } from "../db/prisma-client";
import { cleanWorkspaceName, createOwnedWorkspace } from "./create-workspace";
import { requireRole } from "./permissions";

export interface WorkspaceMembership {
  id: string;
  name: string;
  plan: string;
  role: Role;
}

/** The workspaces a user belongs to, for the switcher: by name. */
export async function listMemberships(userId: string): Promise<WorkspaceMembership[]> {
  const memberships = await getPrisma().membership.findMany({ where: { userId }, include: { workspace: true } });
  return memberships
    .map((m) => ({ id: m.workspaceId, name: m.workspace.name, plan: m.workspace.plan, role: m.role as Role }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A new workspace owned by the user, which their session switches to. */
export async function createWorkspaceForSession(sessionId: string, userId: string, name: string) {
  const workspace = await createOwnedWorkspace(userId, name);
  await getPrisma().browserSession.update({ where: { id: sessionId }, data: { currentWorkspaceId: workspace.id } });
  return { id: workspace.id, name: workspace.name };
}

export async function switchWorkspace(sessionId: string, userId: string, workspaceId: string): Promise<void> {
  const membership = await getPrisma().membership.findUnique({ where: { userId_workspaceId: { userId, workspaceId } } });
  if (!membership) throw new ApiError("NOT_FOUND", "You are not a member of that workspace.", { param: "workspaceId" });
  await getPrisma().browserSession.update({ where: { id: sessionId }, data: { currentWorkspaceId: workspaceId } });
}

export async function renameWorkspace(workspaceId: string, role: Role | null, name: string) {
  requireRole(role, "workspace:rename");
  const cleaned = cleanWorkspaceName(name);
  await getPrisma().workspace.update({ where: { id: workspaceId }, data: { name: cleaned } });
  return { id: workspaceId, name: cleaned };
}
