import type { Prisma } from "../db/generated/client";
import { getPrisma } from "../db/prisma-client";

export const LEDGER_STATUSES = ["charged", "refunded"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/** Which rows of a workspace's ledger: one billing period, optionally one key, operation or status. */
export interface LedgerFilter {
  workspaceId: string;
  period: string;
  tokenId?: string;
  /** the MCP client (OAuth client id, or the URL of its metadata document) */
  clientId?: string;
  operation?: string;
  status?: LedgerStatus;
}

export interface LedgerRow {
  requestId: string;
  operation: string;
  costClass: string;
  credits: number;
  status: LedgerStatus;
  httpStatus: number | null;
  tokenId: string | null;
  userId: string | null;
  surface: string;
  clientId: string | null;
  /** the MCP client's name, as it registered or as its metadata document says */
  clientName: string | null;
  createdAt: Date;
}

/**
 * The itemised ledger, newest first: what GET /workspaces/{id}/usage, the dashboard's usage screen and
 * its CSV download all read, so the three can never disagree.
 */
export async function readLedger(filter: LedgerFilter, page: { offset: number; limit: number }): Promise<{ rows: LedgerRow[]; total: number }> {
  const where = ledgerWhere(filter);
  const prisma = getPrisma();
  const [rows, total] = await Promise.all([
    prisma.usageEvent.findMany({ where, select: LEDGER_COLUMNS, orderBy: { id: "desc" }, skip: page.offset, take: page.limit }),
    prisma.usageEvent.count({ where }),
  ]);
  return { rows: await withClientNames(rows.map(toLedgerRow)), total };
}

/** Every row of the filter, newest first, a batch at a time (the CSV download streams these). */
export async function* ledgerBatches(filter: LedgerFilter, batchSize = 1_000): AsyncGenerator<LedgerRow[]> {
  let before: bigint | undefined;
  for (;;) {
    const rows = await getPrisma().usageEvent.findMany({
      where: { ...ledgerWhere(filter), ...(before === undefined ? {} : { id: { lt: before } }) },
      select: LEDGER_COLUMNS,
      orderBy: { id: "desc" },
      take: batchSize,
    });
    if (rows.length === 0) return;
    yield await withClientNames(rows.map(toLedgerRow));
    before = rows[rows.length - 1].id;
    if (rows.length < batchSize) return;
  }
}

function ledgerWhere(filter: LedgerFilter): Prisma.UsageEventWhereInput {
  return {
    workspaceId: filter.workspaceId,
    period: filter.period,
    ...(filter.tokenId ? { tokenId: filter.tokenId } : {}),
    ...(filter.clientId ? { clientId: filter.clientId } : {}),
    ...(filter.operation ? { operation: filter.operation } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
}

/** The ledger's columns as the three readers show them; the row id only orders the batches. */
const LEDGER_COLUMNS = {
  id: true,
  requestId: true,
  operation: true,
  costClass: true,
  credits: true,
  status: true,
  httpStatus: true,
  tokenId: true,
  userId: true,
  surface: true,
  clientId: true,
  createdAt: true,
} as const;

function toLedgerRow({ id: _id, status, ...row }: Omit<LedgerRow, "status" | "clientName"> & { id: bigint; status: string }): Omit<LedgerRow, "clientName"> {
  return { ...row, status: status as LedgerStatus };
}

/** Each row's agent by name: one lookup per page or batch, not per row. */
async function withClientNames(rows: Omit<LedgerRow, "clientName">[]): Promise<LedgerRow[]> {
  const names = await clientNames(rows.flatMap((row) => (row.clientId ? [row.clientId] : [])));
  return rows.map((row) => ({ ...row, clientName: row.clientId ? (names.get(row.clientId) ?? null) : null }));
}

/** MCP clients' names by id (a deleted client has none). */
export async function clientNames(clientIds: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Map();
  const clients = await getPrisma().oAuthClient.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  return new Map(clients.map((client) => [client.id, client.name]));
}
