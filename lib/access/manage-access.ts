import { getPrisma } from "../db/prisma-client";
import { newId } from "./ids";
import type { PlanId } from "./plans";
import { generateToken, type TokenType } from "./token-format";

export const DEFAULT_SCOPES = ["market:read", "workspace:read"];
/** CLI credentials are short-lived: 30 days unless LUDEX_CLI_CREDENTIAL_TTL (seconds) says otherwise. */
export const CLI_CREDENTIAL_TTL_SECONDS = Number(process.env.LUDEX_CLI_CREDENTIAL_TTL ?? 30 * 86_400);

export async function createWorkspace(input: { name: string; plan: PlanId; allowance?: number }) {
  const record = await getPrisma().workspace.create({
    data: { id: newId("ws"), name: input.name, plan: input.plan, customAllowance: input.allowance ?? null },
  });
  return { id: record.id, name: record.name, plan: record.plan, customAllowance: record.customAllowance };
}

export interface CreateKeyInput {
  workspaceId: string;
  type: TokenType;
  scopes?: string[];
  expiresInSeconds?: number;
  name?: string;
  browserSessionId?: string;
  /** the dashboard user creating it */
  createdByUserId?: string;
  /** who asked for it: a CLI's host and version, an MCP client's name */
  clientName?: string;
  /** MCP tokens minted by the OAuth server: their audience, client and refresh token (hashed) */
  oauth?: { resource: string; clientId: string; refreshHash: string; refreshExpiresAt: Date };
}

/** Mints a token; the secret is in the returned object and nowhere else, ever. */
export async function createKey(input: CreateKeyInput) {
  await requireWorkspace(input.workspaceId);
  const token = generateToken(input.type);
  const ttl = input.expiresInSeconds ?? (input.type === "cli" ? CLI_CREDENTIAL_TTL_SECONDS : undefined);
  const record = await getPrisma().apiToken.create({
    data: {
      id: newId("key"),
      workspaceId: input.workspaceId,
      type: input.type,
      name: input.name ?? null,
      hash: token.hash,
      displayPrefix: token.displayPrefix,
      last4: token.last4,
      scopes: input.scopes ?? DEFAULT_SCOPES,
      expiresAt: ttl === undefined ? null : new Date(Date.now() + ttl * 1000),
      browserSessionId: input.browserSessionId ?? null,
      createdByUserId: input.createdByUserId ?? null,
      clientName: input.clientName ?? null,
      resource: input.oauth?.resource ?? null,
      oauthClientId: input.oauth?.clientId ?? null,
      refreshHash: input.oauth?.refreshHash ?? null,
      refreshExpiresAt: input.oauth?.refreshExpiresAt ?? null,
    },
  });
  return {
    id: record.id,
    secret: token.secret,
    type: record.type,
    workspaceId: record.workspaceId,
    scopes: record.scopes,
    name: record.name,
    displayPrefix: record.displayPrefix,
    last4: record.last4,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt?.toISOString() ?? null,
  };
}

export async function revokeKey(id: string) {
  const revokedAt = new Date();
  const { count } = await getPrisma().apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt } });
  if (count === 0) {
    const existing = await getPrisma().apiToken.findUnique({ where: { id } });
    if (!existing) throw new Error(`No key ${id}.`);
    return { id, revokedAt: existing.revokedAt!.toISOString() };
  }
  return { id, revokedAt: revokedAt.toISOString() };
}

export async function createGrant(input: { workspaceId: string; credits: number; apiAccess: boolean; from?: Date; until: Date; note?: string }) {
  await requireWorkspace(input.workspaceId);
  const record = await getPrisma().grant.create({
    data: {
      id: newId("gr"),
      workspaceId: input.workspaceId,
      credits: input.credits,
      apiAccess: input.apiAccess,
      startsAt: input.from ?? new Date(),
      endsAt: input.until,
      note: input.note ?? null,
    },
  });
  return { id: record.id, workspaceId: record.workspaceId, credits: record.credits, apiAccess: record.apiAccess, startsAt: record.startsAt.toISOString(), endsAt: record.endsAt.toISOString() };
}

async function requireWorkspace(id: string) {
  const workspace = await getPrisma().workspace.findUnique({ where: { id } });
  if (!workspace) throw new Error(`No workspace ${id}.`);
}
