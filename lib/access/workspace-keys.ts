import { ApiError } from "../api/api-error";
import { SCOPES } from "../api/operation";
import { getPrisma } from "../db/prisma-client";
import type { Role } from "./browser-session";
import { createKey } from "./manage-access";
import type { TokenType } from "./token-format";

export interface WorkspaceKey {
  id: string;
  type: TokenType;
  name: string | null;
  displayPrefix: string;
  last4: string;
  scopes: string[];
  createdAt: Date;
  createdBy: { id: string; email: string } | null;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  clientName: string | null;
}

export const KEY_NAME_MAX = 64;
export const KEY_EXPIRY_DAYS_MAX = 365;

/** Keys, CLI credentials and MCP tokens of a workspace that still work or expired within the last week, newest first. */
export async function listWorkspaceKeys(workspaceId: string): Promise<WorkspaceKey[]> {
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const tokens = await getPrisma().apiToken.findMany({
    // An MCP connection lives as long as its refresh token, whatever its hour-long access token says.
    where: { workspaceId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: weekAgo } }, { refreshExpiresAt: { gt: weekAgo } }] },
    orderBy: { createdAt: "desc" },
  });
  const creatorIds = [...new Set(tokens.map((t) => t.createdByUserId).filter((id): id is string => id !== null))];
  const creators = new Map(
    (await getPrisma().user.findMany({ where: { id: { in: creatorIds } }, select: { id: true, email: true } })).map((u) => [u.id, u]),
  );
  return tokens.map((t) => ({
    id: t.id,
    type: t.type as TokenType,
    name: t.name,
    displayPrefix: t.displayPrefix,
    last4: t.last4,
    scopes: t.scopes,
    createdAt: t.createdAt,
    createdBy: t.createdByUserId ? (creators.get(t.createdByUserId) ?? null) : null,
    lastUsedAt: t.lastUsedAt,
    expiresAt: t.refreshExpiresAt ?? t.expiresAt,
    clientName: t.clientName,
  }));
}

/** An API key made in the dashboard: its secret is in the answer and nowhere else, ever. */
export async function createDashboardKey(input: { workspaceId: string; userId: string; name: string; scopes: string[]; expiresInDays: number | null }) {
  const unknown = input.scopes.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  if (unknown.length || input.scopes.length === 0) {
    throw new ApiError("BAD_REQUEST", `Scopes must be one or more of ${SCOPES.join(", ")}.`, { param: "scopes" });
  }
  return createKey({
    workspaceId: input.workspaceId,
    type: "api",
    name: input.name,
    scopes: [...new Set(input.scopes)],
    expiresInSeconds: input.expiresInDays === null ? undefined : input.expiresInDays * 86_400,
    createdByUserId: input.userId,
  });
}

/** Revokes a key of the workspace: an owner any key, a member only the keys they created. */
export async function revokeWorkspaceKey(input: { workspaceId: string; keyId: string; userId: string; role: Role | null }) {
  const key = await getPrisma().apiToken.findFirst({ where: { id: input.keyId, workspaceId: input.workspaceId } });
  if (!key) throw new ApiError("NOT_FOUND", "No such key in this workspace.", { param: "keyId" });
  if (input.role !== "owner" && key.createdByUserId !== input.userId) {
    throw new ApiError("FORBIDDEN", "Only a workspace owner can revoke keys other members created.");
  }
  const revokedAt = key.revokedAt ?? new Date();
  if (!key.revokedAt) await getPrisma().apiToken.updateMany({ where: { id: key.id, revokedAt: null }, data: { revokedAt } });
  return { id: key.id, revokedAt: revokedAt.toISOString() };
}
