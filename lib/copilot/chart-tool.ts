import { tool } from "ai";
import { z } from "zod";
import type { BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { CHART_KINDS } from "../charts/chart-data";
import { drawOperation } from "../charts/make-chart";
import { SESSION_OPERATIONS } from "../session/session-operation";

export const CHART_TOOL = "drawChart";

/** What the chat shows of a chart: the PNG the server drew, with its title and caption (source, window, denominator). */
export interface ChartToolChart {
  title: string;
  caption: string[];
  kind: string;
  drawn: number;
  notCollected: number;
  pngBase64: string;
}

const inputSchema = z.object({
  operation: z.enum(SESSION_OPERATIONS.map((operation) => operation.id) as [string, ...string[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  kind: z.enum(CHART_KINDS),
  x: z.string().max(120).optional(),
  y: z.string().max(120).optional(),
});

/**
 * Runs one registry operation and draws its result (the /api/charts renderer, the honest-chart rules), so
 * an answer can carry a chart: one call, charged once as the operation is, whose result holds both the
 * figures (data, pagination: what the answer is written from) and the chart. The model sees the figures
 * and the caption, never the PNG's bytes.
 */
export function chartTool(session: BrowserSession, sessionToken: string | null) {
  return tool({
    description:
      "Run one API operation (by its tool name, with its parameters) and draw its result as a chart (bar, line, histogram or scatter) shown to the user under the answer. Returns the operation's data and pagination like the operation's own tool, plus the chart's title and caption. Use it instead of the operation's tool when a chart says more than a sentence (rankings, series over time). x and y are the result's dotted column names; sensible defaults per operation.",
    inputSchema,
    execute: async (input) => {
      try {
        const request = { operation: input.operation, params: input.params ?? {}, kind: input.kind, x: input.x, y: input.y };
        const { chart, result } = await drawOperation(session, sessionToken, request, "copilot");
        const shown: ChartToolChart = { title: chart.title, caption: chart.caption, kind: chart.kind, drawn: chart.drawn, notCollected: chart.notCollected, pngBase64: chart.pngBase64 };
        return { ok: true as const, data: result.data, pagination: result.pagination, charged: chart.charged, requestId: chart.requestId, chart: shown };
      } catch (error) {
        if (error instanceof ApiError) return { ok: false as const, error: { code: error.code, message: error.message }, charged: 0 };
        throw error;
      }
    },
    toModelOutput: ({ output }) => {
      if (!output.ok) return { type: "json", value: output };
      const { pngBase64: _png, ...chart } = output.chart;
      return { type: "json", value: { ...output, chart: { ...chart, image: "shown to the user under the answer" } } as never };
    },
  });
}
