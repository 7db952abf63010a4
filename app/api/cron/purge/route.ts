// GET /api/cron/purge: Vercel's daily cron (Authorization: Bearer $CRON_SECRET) deletes expired sign-in tokens, CLI and OAuth codes, and old mail, and applies queued refunds
import { ApiError } from "@/lib/api/api-error";
import { newRequestId } from "@/lib/api/request-id";
import { errorResponse } from "@/lib/api/responses";
import { isCronRequest, purgeExpired } from "@/lib/maintenance/purge-expired";
import { drainPendingRefunds } from "@/lib/metering/pending-refunds";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  if (!isCronRequest(request)) {
    const message = process.env.CRON_SECRET ? "This endpoint is for the deployment's cron jobs." : "Cron jobs are not configured (CRON_SECRET is not set).";
    return errorResponse(new ApiError("UNAUTHORIZED", message), newRequestId());
  }
  return Response.json({ purged: await purgeExpired(), refunds: await drainPendingRefunds() }, { headers: { "Cache-Control": "no-store" } });
}
