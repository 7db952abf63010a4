// GET /api/cron/sync: the Vercel cron's sync tick (Authorization: Bearer $CRON_SECRET): one bounded pass that resumes where the last one stopped
import { ApiError } from "@/lib/api/api-error";
import { newRequestId } from "@/lib/api/request-id";
import { errorResponse } from "@/lib/api/responses";
import { getPool } from "@/lib/db/prisma-client";
import { isCronRequest } from "@/lib/maintenance/purge-expired";
import { cronTickSeconds } from "@/lib/sync/sync-config";
import { runSync } from "@/lib/sync/sync-engine";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  if (!isCronRequest(request)) {
    const message = process.env.CRON_SECRET ? "This endpoint is for the deployment's cron jobs." : "Cron jobs are not configured (CRON_SECRET is not set).";
    return errorResponse(new ApiError("UNAUTHORIZED", message), newRequestId());
  }
  const report = await runSync({ pool: getPool(), mode: "cron", maxSeconds: cronTickSeconds(), signal: request.signal });
  return Response.json(report, { headers: { "Cache-Control": "no-store" } });
}
