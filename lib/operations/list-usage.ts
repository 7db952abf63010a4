import { z } from "zod";
import { buildPagination, pageQuery } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { getPrisma } from "../db/prisma-client";
import { billingPeriod } from "../metering/billing-period";

const usageEventSchema = z
  .object({
    requestId: z.string(),
    operation: z.string(),
    costClass: z.string(),
    credits: z.number().int(),
    status: z.enum(["charged", "refunded"]).meta({ description: "`refunded`: the call failed and its credits came back." }),
    httpStatus: z.number().int().nullable(),
    tokenId: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: "UsageEvent" });

export const listUsage = defineOperation({
  id: "listUsage",
  method: "GET",
  path: "/workspaces/{workspaceId}/usage",
  summary: "Itemised usage ledger",
  description:
    "One row per metered call of the workspace in a billing period, newest first: the same ledger the dashboard's usage screen shows. Only a token of that workspace may read it.",
  group: "Workspace",
  costClass: "free",
  scope: "workspace:read",
  anonymous: "deny",
  workspaceParam: "workspaceId",
  query: z.object({
    period: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "expected YYYY-MM")
      .optional()
      .meta({ description: "Billing period YYYY-MM (UTC); default the current one." }),
    ...pageQuery,
  }),
  params: z.object({ workspaceId: z.string().max(64).meta({ description: "Workspace id, `ws_...`." }) }),
  data: z.array(usageEventSchema),
  paginated: true,
  async handler({ query, params }) {
    const period = query.period ?? billingPeriod().period;
    const prisma = getPrisma();
    const where = { workspaceId: params.workspaceId, period };
    const [rows, total] = await Promise.all([
      prisma.usageEvent.findMany({ where, orderBy: { id: "desc" }, skip: query.offset, take: query.limit }),
      prisma.usageEvent.count({ where }),
    ]);
    return {
      data: rows.map((row) => ({
        requestId: row.requestId,
        operation: row.operation,
        costClass: row.costClass,
        credits: row.credits,
        status: row.status as "charged" | "refunded",
        httpStatus: row.httpStatus,
        tokenId: row.tokenId,
        createdAt: row.createdAt.toISOString(),
      })),
      pagination: buildPagination(query.limit, query.offset, total),
    };
  },
});
