import { ApiError } from "../api/api-error";
import { newId } from "../access/ids";
import { createKey } from "../access/manage-access";
import { getPrisma } from "../db/prisma-client";
import { hashCode, newDeviceCode, newUserCode, normalizeUserCode } from "./device-codes";

/** A code lives 10 minutes: long enough to switch to a browser and sign in, short enough to be useless when leaked. */
export const DEVICE_CODE_TTL_SECONDS = 600;
/** RFC 8628's default poll interval; each slow_down adds 5 seconds to it (section 3.5). */
export const POLL_INTERVAL_SECONDS = 5;
export const CLI_CLIENT_ID = "ludex-cli";

export interface DeviceClient {
  host: string;
  version: string;
}

/** Answered or expired logins are kept a day (for support questions), then deleted as new ones start. */
const KEEP_AFTER_EXPIRY_MS = 86_400_000;

export async function startDeviceAuthorization(client: DeviceClient) {
  await getPrisma().deviceAuthorization.deleteMany({ where: { expiresAt: { lt: new Date(Date.now() - KEEP_AFTER_EXPIRY_MS) } } });
  const deviceCode = newDeviceCode();
  const userCode = newUserCode();
  await getPrisma().deviceAuthorization.create({
    data: {
      id: newId("dev"),
      deviceCodeHash: hashCode(deviceCode),
      userCodeHash: hashCode(userCode),
      clientHost: client.host,
      clientVersion: client.version,
      intervalSeconds: POLL_INTERVAL_SECONDS,
      expiresAt: new Date(Date.now() + DEVICE_CODE_TTL_SECONDS * 1000),
    },
  });
  return { deviceCode, userCode, expiresIn: DEVICE_CODE_TTL_SECONDS, interval: POLL_INTERVAL_SECONDS };
}

/** RFC 8628 section 3.5's answers while the CLI polls, and RFC 6749's invalid_grant for a code we do not hold. */
export type PollError = "authorization_pending" | "slow_down" | "expired_token" | "access_denied" | "invalid_grant";

export type PollOutcome =
  | { ok: false; error: PollError; description: string; interval?: number }
  | { ok: true; token: Awaited<ReturnType<typeof createKey>>; workspace: { id: string; name: string }; clientName: string };

const fail = (error: PollError, description: string, interval?: number): PollOutcome => ({ ok: false, error, description, interval });

/** One poll of the token endpoint: records the poll, and redeems an approved code once for a CLI credential. */
export async function pollDeviceAuthorization(deviceCode: string): Promise<PollOutcome> {
  const prisma = getPrisma();
  const row = await prisma.deviceAuthorization.findUnique({ where: { deviceCodeHash: hashCode(deviceCode) } });
  if (!row) return fail("invalid_grant", "Unknown device_code: start a new login.");
  if (row.redeemedAt) return fail("invalid_grant", "This device_code was already redeemed: start a new login.");
  const now = new Date();
  if (row.expiresAt <= now) return fail("expired_token", "The code expired before it was approved: start a new login.");
  const tooFast = row.lastPolledAt !== null && now.getTime() - row.lastPolledAt.getTime() < row.intervalSeconds * 1000;
  const interval = tooFast ? row.intervalSeconds + 5 : row.intervalSeconds;
  // Conditional on the poll we read: of two polls at once, one is the other's "too fast".
  const { count } = await prisma.deviceAuthorization.updateMany({
    where: { id: row.id, lastPolledAt: row.lastPolledAt },
    data: { lastPolledAt: now, intervalSeconds: interval },
  });
  if (tooFast || count === 0) return fail("slow_down", `Polling too fast: wait ${interval} seconds between polls.`, interval);
  if (row.decision === "denied") return fail("access_denied", "The login was denied in the browser.");
  if (row.decision !== "approved") return fail("authorization_pending", "Waiting for approval in the browser.");
  return redeem(row.id);
}

async function redeem(id: string): Promise<PollOutcome> {
  const prisma = getPrisma();
  const claimed = await prisma.deviceAuthorization.updateMany({ where: { id, redeemedAt: null }, data: { redeemedAt: new Date() } });
  if (claimed.count === 0) return fail("invalid_grant", "This device_code was already redeemed: start a new login.");
  const row = await prisma.deviceAuthorization.findUniqueOrThrow({ where: { id } });
  const session = await prisma.browserSession.findUnique({ where: { id: row.browserSessionId! } });
  if (!session || session.revokedAt || session.expiresAt <= new Date()) {
    return fail("access_denied", "The browser session that approved this login has ended: start a new login.");
  }
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: row.workspaceId! }, select: { id: true, name: true } });
  const clientName = `ludex ${row.clientVersion} on ${row.clientHost}`;
  const token = await createKey({
    workspaceId: workspace.id,
    type: "cli",
    name: "ludex CLI",
    browserSessionId: session.id,
    createdByUserId: row.userId!,
    clientName,
  });
  await prisma.deviceAuthorization.update({ where: { id }, data: { tokenId: token.id } });
  return { ok: true, token, workspace, clientName };
}

/** A login waiting for a decision, by the code the person typed; null when none (unknown, expired, decided). */
export async function findPendingAuthorization(userCode: string) {
  const normalized = normalizeUserCode(userCode);
  if (!normalized) return null;
  const row = await getPrisma().deviceAuthorization.findUnique({ where: { userCodeHash: hashCode(normalized) } });
  if (!row || row.decision !== null || row.expiresAt <= new Date()) return null;
  return { userCode: normalized, clientHost: row.clientHost, clientVersion: row.clientVersion, expiresAt: row.expiresAt };
}

export interface Decision {
  userCode: string;
  approve: boolean;
  workspaceId: string;
  userId: string;
  sessionId: string;
}

/** Approves (for one of the user's workspaces) or denies a pending login, once. */
export async function decideAuthorization(input: Decision): Promise<{ decision: "approved" | "denied" }> {
  const pending = await findPendingAuthorization(input.userCode);
  if (!pending) {
    throw new ApiError("NOT_FOUND", "No CLI login is waiting for this code: it may have expired or been answered already. Run `ludex login` again.", { param: "userCode" });
  }
  if (input.approve) {
    const membership = await getPrisma().membership.findUnique({ where: { userId_workspaceId: { userId: input.userId, workspaceId: input.workspaceId } } });
    if (!membership) throw new ApiError("FORBIDDEN", "You are not a member of that workspace.", { param: "workspaceId" });
  }
  const decision = input.approve ? "approved" : "denied";
  const { count } = await getPrisma().deviceAuthorization.updateMany({
    where: { userCodeHash: hashCode(pending.userCode), decision: null, expiresAt: { gt: new Date() } },
    data: {
      decision,
      decidedAt: new Date(),
      userId: input.userId,
      browserSessionId: input.sessionId,
      workspaceId: input.approve ? input.workspaceId : null,
    },
  });
  if (count === 0) throw new ApiError("NOT_FOUND", "This CLI login was answered already.", { param: "userCode" });
  return { decision };
}
