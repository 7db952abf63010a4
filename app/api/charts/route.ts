// POST /api/charts {operation, params, kind, x?, y?}: runs a registry operation as the session's workspace (charged like the API) and returns the chart as Vega-Lite spec, SVG and PNG
import { chartRequestSchema, makeChart } from "@/lib/charts/make-chart";
import { sessionTokenFromCookies } from "@/lib/session/session-cookie";
import { readJsonBody, sessionRoute } from "@/lib/session/session-route";

export const POST = sessionRoute(async ({ request, session, requestId }) => {
  const body = await readJsonBody(request, chartRequestSchema);
  const chart = await makeChart(session, sessionTokenFromCookies(request.headers.get("cookie")), body);
  return Response.json({ data: chart, meta: { requestId } }, { headers: { "Cache-Control": "no-store" } });
});
