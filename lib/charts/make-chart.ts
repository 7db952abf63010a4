import { z } from "zod";
import type { BrowserSession } from "../access/browser-session";
import type { Operation, OperationResult } from "../api/operation";
import { findOperation, runAsSession, splitParams } from "../session/session-operation";
import { CHART_KINDS, chartTable } from "./chart-data";
import { buildChartSpec } from "./chart-spec";
import { renderChart } from "./render-chart";

export const chartRequestSchema = z.object({
  operation: z.string().max(60),
  params: z.record(z.string().max(60), z.union([z.string().max(500), z.number()])).prefault({}),
  kind: z.enum(CHART_KINDS),
  x: z.string().max(120).optional(),
  y: z.string().max(120).optional(),
});
export type ChartRequest = z.infer<typeof chartRequestSchema>;

export interface Chart {
  operation: string;
  kind: string;
  title: string;
  caption: string[];
  x: string;
  y: string;
  /** the columns the result offers as axes */
  columns: string[];
  drawn: number;
  notCollected: number;
  charged: number;
  requestId: string;
  spec: unknown;
  svg: string;
  pngBase64: string;
}

/** Runs the operation as the session's workspace (charged like the API, ledger surface `charts`) and draws it. */
export async function makeChart(session: BrowserSession, sessionToken: string | null, request: ChartRequest, surface: "charts" | "copilot" = "charts"): Promise<Chart> {
  return (await drawOperation(session, sessionToken, request, surface)).chart;
}

/** The chart and the operation's result it was drawn from (the copilot answers from the same, once-charged call). */
export async function drawOperation(session: BrowserSession, sessionToken: string | null, request: ChartRequest, surface: "charts" | "copilot"): Promise<{ chart: Chart; result: OperationResult<unknown> }> {
  const operation = findOperation(request.operation);
  const params = Object.fromEntries(Object.entries(request.params).map(([key, value]) => [key, String(value)]));
  const call = { operation, ...splitParams(operation, params) };
  const run = await runAsSession(session, sessionToken, call, surface);
  const table = chartTable(operation.id, run.result, request);
  const built = buildChartSpec(table, {
    kind: request.kind,
    source: sourceOf(operation, call.pathParams, call.searchParams),
    denominator: denominatorOf(run.result, table.rows.length),
    generatedOn: new Date().toISOString().slice(0, 10),
  });
  const { svg, png } = await renderChart(built.spec);
  const chart = {
    operation: operation.id,
    kind: request.kind,
    title: built.title,
    caption: built.caption,
    x: table.x,
    y: table.y,
    columns: table.columns,
    drawn: built.drawn,
    notCollected: built.notCollected,
    charged: run.charged,
    requestId: run.exchange.requestId,
    spec: built.spec,
    svg,
    pngBase64: png.toString("base64"),
  };
  return { chart, result: run.result };
}

function sourceOf(operation: Operation, pathParams: Record<string, string>, searchParams: URLSearchParams): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathParams[name] ?? ""));
  const query = decodeURIComponent(searchParams.toString());
  return `GET /api/v1${path}${query ? `?${query}` : ""}`;
}

function denominatorOf(result: OperationResult<unknown>, rows: number): string {
  const number = (value: number) => value.toLocaleString("en-US");
  if (result.pagination) return `${number(rows)} of ${number(result.pagination.total)} matching items (one page)`;
  const data = result.data as { denominators?: { cohortGames?: number; groups?: number }; cohort?: { games?: number } } | null;
  if (data?.denominators?.cohortGames !== undefined) return `${number(rows)} groups of a cohort of ${number(data.denominators.cohortGames)} games`;
  if (data?.cohort?.games !== undefined) return `a cohort of ${number(data.cohort.games)} games`;
  return `${number(rows)} rows`;
}
