import { z } from "zod";
import { anonymousDailyLimit, anonymousRateLimit } from "../metering/limits-policy";
import { ANONYMOUS_PREVIEW, CREDIT_PRICES } from "../access/plans";
import { defineOperation } from "../api/operation";
import { getPool, getPrisma } from "../db/prisma-client";
import { rememberFreshness } from "../sync/freshness-warnings";
import { readSyncState, SYNC_SOURCES, type SyncSourceId } from "../sync/source-status";
import { rateLimiterHealth } from "../metering/rate-limit";
import { workspaceStatus } from "../metering/workspace-status";

const usageLine = z.object({ calls: z.number().int(), credits: z.number().int() });
const policySchema = z.object({ name: z.string(), requests: z.number().int(), windowSeconds: z.number().int() });

const sourceStatusSchema = z
  .object({
    name: z.string().meta({ description: "What it is, e.g. `Review totals`." }),
    source: z.string().meta({ description: "The id its figures carry in a game's `sources` and in history points, e.g. `steam-appreviews`." }),
    host: z.string(),
    endpoint: z.string(),
    description: z.string().meta({ description: "What it supplies and how often." }),
    configured: z.boolean().meta({ description: "`false`: it needs STEAM_API_KEY, which this deployment does not set." }),
    lastAttemptAt: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    lastError: z.string().nullable(),
    lastErrorAt: z.string().nullable(),
    appsDue: z.number().int().nullable().meta({ description: "Apps whose refresh from this source is due now (`null` for a walk over the whole list)." }),
    appsFailing: z.number().int().nullable().meta({ description: "Apps whose last fetch failed after its retries (asked again later)." }),
    behindSince: z.string().nullable().meta({ description: "The oldest due date of the work still due: how far behind its schedule it is." }),
    throttledUntil: z.string().nullable().meta({ description: "The host is not asked until then: it answered 429 (slow down) or 403 (refused)." }),
    throttleReason: z.enum(["429", "403"]).nullable(),
    stale: z.boolean().meta({ description: "A walk not finished within its freshness window, or per-app work more than that far behind schedule." }),
  })
  .meta({ id: "SyncSourceStatus" });

const syncSchema = z
  .object({
    active: z.boolean().meta({ description: "`false`: no sync has run on this deployment; the catalog is the bundled snapshots, each field dated in `sources`." }),
    lastRun: z
      .object({
        mode: z.enum(["worker", "server", "once", "cron"]).meta({ description: "`npm run sync`, `LUDEX_SYNC=1 npm start`, `--once`, the Vercel cron." }),
        startedAt: z.string(),
        finishedAt: z.string().nullable().meta({ description: "`null` while it runs (a worker's run lasts as long as the worker)." }),
      })
      .nullable(),
  })
  .meta({ id: "SyncState" });

const workspaceStatusSchema = z.object({
  id: z.string(),
  name: z.string(),
  plan: z.object({ id: z.string(), name: z.string(), apiAccess: z.boolean(), monthlyCredits: z.number().int() }),
  apiAccess: z.boolean().meta({ description: "From the plan or a grant in force." }),
  grants: z.array(
    z.object({
      id: z.string(),
      credits: z.number().int(),
      apiAccess: z.boolean(),
      startsAt: z.string(),
      endsAt: z.string(),
      note: z.string().nullable(),
    }),
  ),
  credits: z.object({
    period: z.string().meta({ description: "Billing period, YYYY-MM (UTC)." }),
    allowance: z.number().int(),
    used: z.number().int(),
    remaining: z.number().int(),
    resetsAt: z.string(),
    byCostClass: z.record(z.string(), usageLine),
    byOperation: z.record(z.string(), usageLine),
  }),
  rateLimit: policySchema,
});

const statusSchema = z
  .object({
    service: z.object({
      name: z.string(),
      apiVersion: z.string(),
      dependencies: z
        .object({
          database: z.enum(["ok"]).meta({ description: "Always `ok` here: without the database this call answers 503 SERVICE_UNAVAILABLE." }),
          rateLimiter: z.object({
            backend: z.enum(["upstash", "redis", "memory", "unconfigured"]),
            status: z.enum(["ok", "degraded"]).meta({ description: "`degraded`: its Redis does not answer; calls pass unlimited with a `RATE_LIMIT_UNAVAILABLE` warning." }),
          }),
        })
        .meta({ description: "Which dependency is degraded (also `GET /api/health`, for load balancers)." }),
    }),
    caller: z.object({
      kind: z.enum(["token", "session", "anonymous"]).meta({ description: "`session`: a signed-in dashboard user (the copilot, charts and export)." }),
      tokenType: z.enum(["api", "cli", "mcp"]).nullable(),
      scopes: z.array(z.string()).nullable(),
    }),
    workspace: workspaceStatusSchema.nullable().meta({ description: "The caller's workspace; `null` for anonymous callers." }),
    preview: z
      .object({ maxPageSize: z.number().int(), rateLimit: policySchema, dailyLimit: policySchema })
      .nullable()
      .meta({ description: "Anonymous callers: the public preview's caps." }),
    creditPrices: z.record(z.string(), z.number().int()).meta({ description: "Credits per cost class (not part of the contract: prices change)." }),
    catalog: z.object({
      games: z.number().int(),
      tags: z.number().int(),
      lastIngestedAt: z.string().nullable().meta({ description: "When the last ingestion finished." }),
      sync: syncSchema,
      sources: z
        .object(Object.fromEntries(Object.keys(SYNC_SOURCES).map((id) => [id, sourceStatusSchema])) as Record<SyncSourceId, typeof sourceStatusSchema>)
        .meta({ description: "Each source the sync keeps fresh. While one is `stale`, every market-data answer carries a `SOURCE_STALE` warning naming it." }),
    }),
  })
  .meta({ id: "Status" });

export const getStatus = defineOperation({
  id: "getStatus",
  method: "GET",
  path: "/status",
  summary: "Credit status and usage",
  description:
    "The calling workspace's plan, grants in force, monthly allowance, credits used and remaining, reset time, usage this period by cost class and by operation, and rate-limit policy; for anonymous callers, the preview's caps. Also the state of the catalog.",
  group: "Workspace",
  costClass: "free",
  scope: "workspace:read",
  anonymous: "preview",
  query: z.object({}),
  params: z.object({}),
  data: statusSchema,
  paginated: false,
  async handler({ caller }) {
    const catalog = await catalogState();
    const dependencies = { database: "ok" as const, rateLimiter: rateLimiterHealth() };
    const base = { service: { name: "Ludex", apiVersion: "v1", dependencies }, creditPrices: CREDIT_PRICES, catalog };
    if (caller.kind === "anonymous") {
      return {
        data: {
          ...base,
          caller: { kind: "anonymous" as const, tokenType: null, scopes: null },
          workspace: null,
          preview: { maxPageSize: ANONYMOUS_PREVIEW.maxPageSize, rateLimit: anonymousRateLimit(), dailyLimit: anonymousDailyLimit() },
        },
      };
    }
    return {
      data: {
        ...base,
        caller: { kind: caller.kind, tokenType: caller.kind === "token" ? caller.tokenType : null, scopes: caller.scopes },
        workspace: await workspaceStatus(caller.workspace.id),
        preview: null,
      },
    };
  },
});

async function catalogState() {
  const [rows, state] = await Promise.all([
    getPrisma().$queryRaw<{ games: number; tags: number; finished: Date | null }[]>`
      SELECT (SELECT count(*)::int FROM games) AS games, (SELECT count(*)::int FROM tags) AS tags,
             (SELECT max(finished_at) FROM ingest_runs) AS finished`,
    readSyncState(getPool(), true),
  ]);
  const row = rows[0];
  rememberFreshness(state);
  const { sources, ...sync } = state;
  return { games: row.games, tags: row.tags, lastIngestedAt: row.finished?.toISOString() ?? null, sync, sources };
}
