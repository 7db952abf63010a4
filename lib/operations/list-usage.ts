import { z } from "zod";
import { buildPagination, pageQuery } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { billingPeriod } from "../metering/billing-period";
import { LEDGER_STATUSES, readLedger } from "../metering/usage-ledger";

const usageEventSchema = z
  .object({
    requestId: z.string(),
    operation: z.string(),
    costClass: z.string(),
    credits: z.number().int(),
    status: z.enum(["charged", "refunded"]).meta({ description: "`refunded`: the call failed and its credits came back." }),
    httpStatus: z.number().int().nullable(),
    tokenId: z.string().nullable().meta({ description: "The key or credential that paid; `null` for a dashboard (browser-session) call." }),
    userId: z.string().nullable().meta({ description: "The signed-in user behind a browser-session call (copilot, charts, export)." }),
    surface: z.string().meta({ description: "The front door: `rest`, `mcp`, `copilot`, `charts` or `export`." }),
    clientId: z.string().nullable().meta({ description: "The MCP client (agent) that made the call through OAuth: its client id, or the URL of its metadata document." }),
    clientName: z.string().nullable().meta({ description: "That MCP client's name, as it registered or as its metadata document says (e.g. `Claude Code`)." }),
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
    tokenId: z.string().max(64).optional().meta({ description: "Only the calls paid by this key or credential (`key_...`)." }),
    clientId: z.string().max(2_000).optional().meta({ description: "Only the calls of this MCP client (agent), by its `clientId`." }),
    operation: z.string().max(64).optional().meta({ description: "Only the calls of this operation id, e.g. `getGame`." }),
    status: z.enum(LEDGER_STATUSES).optional().meta({ description: "Only `charged` or only `refunded` calls." }),
    ...pageQuery,
  }),
  params: z.object({ workspaceId: z.string().max(64).meta({ description: "Workspace id, `ws_...`." }) }),
  data: z.array(usageEventSchema),
  paginated: true,
  async handler({ query, params }) {
    const filter = { workspaceId: params.workspaceId, period: query.period ?? billingPeriod().period, tokenId: query.tokenId, clientId: query.clientId, operation: query.operation, status: query.status };
    const { rows, total } = await readLedger(filter, { offset: query.offset, limit: query.limit });
    return {
      data: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      pagination: buildPagination(query.limit, query.offset, total),
    };
  },
});
