import { getPrisma } from "../db/prisma-client";

/** How the usage screen names who paid: a key's name and prefix, or the user behind a browser-session call. */
export async function credentialLabels(tokenIds: string[], userIds: string[]): Promise<Map<string, string>> {
  const [tokens, users] = await Promise.all([
    tokenIds.length
      ? getPrisma().apiToken.findMany({ where: { id: { in: tokenIds } }, select: { id: true, name: true, type: true, displayPrefix: true, last4: true, revokedAt: true } })
      : [],
    userIds.length ? getPrisma().user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [],
  ]);
  const labels = new Map<string, string>();
  for (const token of tokens) {
    const kind = { api: "key", cli: "CLI", mcp: "MCP" }[token.type] ?? token.type;
    labels.set(token.id, `${token.name ?? kind} (${token.displayPrefix}…${token.last4})${token.revokedAt ? ", revoked" : ""}`);
  }
  for (const user of users) labels.set(user.id, `${user.email} (dashboard)`);
  return labels;
}
