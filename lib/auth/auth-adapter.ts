import type { Adapter, AdapterAccount, AdapterSession, AdapterUser } from "next-auth/adapters";
import { newId } from "../access/ids";
import { hashToken } from "../access/token-format";
import { getPrisma } from "../db/prisma-client";
import { createOwnedWorkspace, personalWorkspaceName } from "../workspaces/create-workspace";

type UserRecord = { id: string; email: string; name: string | null; emailVerified: Date | null; image: string | null };

const toAdapterUser = (user: UserRecord): AdapterUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  emailVerified: user.emailVerified,
  image: user.image,
});

/**
 * Auth.js's storage over our own tables (the stock Prisma adapter does not fit a Prisma 7 client generated
 * to a custom output). Differences that matter:
 * - a new user gets a personal workspace, which they own, in the same transaction;
 * - the session cookie's value is stored only as its SHA-256, like every other secret here;
 * - ending a session marks it revoked instead of deleting it, so the CLI credentials it issued are refused
 *   from that moment (lib/access/authenticate.ts reads `revoked_at`), and the access epoch moves with it.
 */
export function ludexAdapter(): Adapter {
  const prisma = () => getPrisma();
  return {
    async createUser(user) {
      const email = user.email.toLowerCase();
      const created = await prisma().$transaction(async (tx) => {
        const record = await tx.user.create({
          data: { id: newId("usr"), email, name: user.name ?? null, emailVerified: user.emailVerified ?? null, image: user.image ?? null },
        });
        await createOwnedWorkspace(record.id, personalWorkspaceName(email), tx);
        return record;
      });
      return toAdapterUser(created);
    },
    async getUser(id) {
      const user = await prisma().user.findUnique({ where: { id } });
      return user ? toAdapterUser(user) : null;
    },
    async getUserByEmail(email) {
      const user = await prisma().user.findUnique({ where: { email: email.toLowerCase() } });
      return user ? toAdapterUser(user) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = await prisma().account.findUnique({
        where: { provider_providerAccountId: { provider, providerAccountId } },
        include: { user: true },
      });
      return account ? toAdapterUser(account.user) : null;
    },
    async updateUser(user) {
      const updated = await prisma().user.update({
        where: { id: user.id },
        data: {
          ...(user.name !== undefined ? { name: user.name } : {}),
          ...(user.emailVerified !== undefined ? { emailVerified: user.emailVerified } : {}),
          ...(user.image !== undefined ? { image: user.image } : {}),
        },
      });
      return toAdapterUser(updated);
    },
    async linkAccount(account: AdapterAccount) {
      await prisma().account.create({
        data: {
          id: newId("acct"),
          userId: account.userId,
          type: account.type,
          provider: account.provider,
          providerAccountId: account.providerAccountId,
          refreshToken: account.refresh_token ?? null,
          accessToken: account.access_token ?? null,
          expiresAt: account.expires_at ?? null,
          tokenType: account.token_type ?? null,
          scope: account.scope ?? null,
          idToken: account.id_token ?? null,
          sessionState: typeof account.session_state === "string" ? account.session_state : null,
        },
      });
    },
    async createSession({ sessionToken, userId, expires }) {
      const latest = await prisma().membership.findFirst({ where: { userId }, orderBy: { createdAt: "desc" } });
      await prisma().browserSession.create({
        data: {
          id: newId("ses"),
          userId,
          tokenHash: hashToken(sessionToken),
          currentWorkspaceId: latest?.workspaceId ?? null,
          expiresAt: expires,
        },
      });
      return { sessionToken, userId, expires };
    },
    async getSessionAndUser(sessionToken) {
      const session = await prisma().browserSession.findUnique({ where: { tokenHash: hashToken(sessionToken) }, include: { user: true } });
      if (!session || session.revokedAt || session.expiresAt <= new Date()) return null;
      const adapterSession: AdapterSession = { sessionToken, userId: session.userId, expires: session.expiresAt };
      return { session: adapterSession, user: toAdapterUser(session.user) };
    },
    async updateSession({ sessionToken, expires }) {
      if (!expires) return null;
      const { count } = await prisma().browserSession.updateMany({
        where: { tokenHash: hashToken(sessionToken), revokedAt: null },
        data: { expiresAt: expires },
      });
      return count ? ({ sessionToken, expires } as AdapterSession) : null;
    },
    async deleteSession(sessionToken) {
      await endBrowserSession(hashToken(sessionToken));
    },
    async createVerificationToken(token) {
      await prisma().verificationToken.create({ data: { identifier: token.identifier, token: token.token, expires: token.expires } });
      return token;
    },
    async useVerificationToken({ identifier, token }) {
      // Delete-and-return in one statement: two clicks on one link cannot both sign in.
      const rows = await prisma().$queryRaw<{ identifier: string; token: string; expires: Date }[]>`
        DELETE FROM verification_tokens WHERE identifier = ${identifier} AND token = ${token}
        RETURNING identifier, token, expires`;
      return rows[0] ?? null;
    },
  };
}

/** Ends a browser session for good: every CLI credential it issued is refused from now on. */
export async function endBrowserSession(tokenHash: string): Promise<void> {
  await getPrisma().browserSession.updateMany({ where: { tokenHash, revokedAt: null }, data: { revokedAt: new Date() } });
}
