import { getPrisma } from "../db/prisma-client";
import { billingPeriod } from "./billing-period";
import { clientNames } from "./usage-ledger";

export interface DailyCredits {
  /** YYYY-MM-DD (UTC) */
  day: string;
  calls: number;
  credits: number;
}

export interface CredentialUsage {
  /** null: browser-session calls (copilot, charts, export), one line per user */
  tokenId: string | null;
  userId: string | null;
  calls: number;
  credits: number;
}

/**
 * Charged credits per UTC day of the period, from its first day to today (or its last day): a day without
 * calls is a real 0, since every charged call has a ledger row.
 */
export async function creditsPerDay(workspaceId: string, period: string, now = new Date()): Promise<DailyCredits[]> {
  const rows = await getPrisma().$queryRaw<{ day: string; calls: number; credits: number }[]>`
    SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS calls, sum(credits)::int AS credits
    FROM usage_events WHERE workspace_id = ${workspaceId} AND period = ${period} AND status = 'charged'
    GROUP BY 1`;
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return daysOf(period, now).map((day) => ({ day, calls: byDay.get(day)?.calls ?? 0, credits: byDay.get(day)?.credits ?? 0 }));
}

/** Charged calls and credits per key or credential (and per user for browser-session calls), most credits first. */
export async function usageByCredential(workspaceId: string, period: string): Promise<CredentialUsage[]> {
  const rows = await getPrisma().$queryRaw<CredentialUsage[]>`
    SELECT token_id AS "tokenId", CASE WHEN token_id IS NULL THEN user_id END AS "userId",
      count(*)::int AS calls, sum(credits)::int AS credits
    FROM usage_events WHERE workspace_id = ${workspaceId} AND period = ${period} AND status = 'charged'
    GROUP BY 1, 2 ORDER BY credits DESC, calls DESC`;
  return rows;
}

export interface AgentUsage {
  /** the OAuth client; null: MCP calls made with an API key, one line per key */
  clientId: string | null;
  clientName: string | null;
  tokenId: string | null;
  calls: number;
  credits: number;
}

/** The MCP surface's charged calls per agent (OAuth client), most credits first; API-key calls one line per key. */
export async function usageByAgent(workspaceId: string, period: string): Promise<AgentUsage[]> {
  const rows = await getPrisma().$queryRaw<Omit<AgentUsage, "clientName">[]>`
    SELECT client_id AS "clientId", CASE WHEN client_id IS NULL THEN token_id END AS "tokenId",
      count(*)::int AS calls, sum(credits)::int AS credits
    FROM usage_events WHERE workspace_id = ${workspaceId} AND period = ${period} AND status = 'charged' AND surface = 'mcp'
    GROUP BY 1, 2 ORDER BY credits DESC, calls DESC`;
  const names = await clientNames(rows.flatMap((row) => (row.clientId ? [row.clientId] : [])));
  return rows.map((row) => ({ ...row, clientName: row.clientId ? (names.get(row.clientId) ?? null) : null }));
}

function daysOf(period: string, now: Date): string[] {
  const [year, month] = period.split("-").map(Number);
  const first = Date.UTC(year, month - 1, 1);
  const periodEnd = Date.UTC(year, month, 1) - 86_400_000;
  const current = billingPeriod(now).period === period;
  const last = current ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) : periodEnd;
  const days: string[] = [];
  for (let at = first; at <= last; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}
