// GET /api/export?operation=<id>&format=csv|xlsx&<the operation's parameters>: a registry operation's every page as a file, charged like the API (`quote=1`: the price first, for one page)
import { ApiError } from "@/lib/api/api-error";
import { quoteExport, startExport } from "@/lib/export/run-export";
import { CONTENT_TYPES, type ExportFormat } from "@/lib/export/write-table";
import { findOperation } from "@/lib/session/session-operation";
import { sessionTokenFromCookies } from "@/lib/session/session-cookie";
import { sessionRoute } from "@/lib/session/session-route";

const RESERVED = new Set(["operation", "format", "quote"]);

export const GET = sessionRoute(
  async ({ request, session, requestId }) => {
    const url = new URL(request.url);
    const operation = findOperation(url.searchParams.get("operation"));
    const format = url.searchParams.get("format") ?? "csv";
    if (format !== "csv" && format !== "xlsx") throw new ApiError("BAD_REQUEST", "format: must be csv or xlsx.", { param: "format" });
    const params = Object.fromEntries([...url.searchParams].filter(([key]) => !RESERVED.has(key)));
    const exportRequest = { session, sessionToken: sessionTokenFromCookies(request.headers.get("cookie")), operation, format: format as ExportFormat, params };
    if (url.searchParams.get("quote") === "1") {
      return Response.json({ data: await quoteExport(exportRequest), meta: { requestId } }, { headers: { "Cache-Control": "no-store" } });
    }
    const { plan, body } = await startExport(exportRequest);
    const stamp = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        "Content-Type": CONTENT_TYPES[plan.format],
        "Content-Disposition": `attachment; filename="ludex-${operation.id}-${stamp}.${plan.format}"`,
        "Cache-Control": "no-store",
        "X-Request-Id": requestId,
        "X-Ludex-Export-Rows": String(plan.rows),
        "X-Ludex-Export-Pages": String(plan.pages),
        "X-Ludex-Export-Credits": String(plan.credits),
        "X-Ludex-Export-Left-Out": String(plan.leftOut),
      },
    });
  },
  { chargedReads: true },
);
