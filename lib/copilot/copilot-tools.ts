import { tool, type ToolSet } from "ai";
import { z } from "zod";
import type { BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { SESSION_OPERATIONS, pathParamNames, runAsSession, splitParams } from "../session/session-operation";
import { CHART_TOOL, chartTool } from "./chart-tool";

/** What a tool returns to the model and the chat: the API's answer as-is, with the charge and request id. */
export type ToolOutput =
  | { ok: true; data: unknown; pagination?: unknown; warnings?: unknown; charged: number; requestId: string }
  | { ok: false; error: { code: string; message: string }; charged: 0 };

const scalar = z.union([z.string(), z.number(), z.boolean()]);

/**
 * Every registry operation as a copilot tool, run as the signed-in user's current workspace through the
 * one pipeline: the same validation, prices, quota and rate limits as /api/v1, ledger surface `copilot`.
 * Inputs are the API's own parameter names; the pipeline validates them, and an error goes back to the
 * model as a result it can explain, not an exception. Beside them, `drawChart` (chart-tool.ts) puts a chart in
 * the answer.
 */
export function copilotTools(session: BrowserSession, sessionToken: string | null): ToolSet {
  return { ...operationTools(session, sessionToken), [CHART_TOOL]: chartTool(session, sessionToken) };
}

function operationTools(session: BrowserSession, sessionToken: string | null): ToolSet {
  return Object.fromEntries(
    SESSION_OPERATIONS.map((operation) => {
      const names = [...pathParamNames(operation), ...Object.keys(operation.query.shape)];
      const shape = Object.fromEntries(names.map((name) => [name, scalar.optional()]));
      const described = `${operation.summary} (GET /api/v1${operation.path}). ${operation.description} Parameters: ${names.join(", ") || "none"}.`;
      return [
        operation.id,
        tool({
          description: described.slice(0, 1000),
          inputSchema: z.object(shape),
          execute: async (input: Record<string, unknown>): Promise<ToolOutput> => {
            try {
              const run = await runAsSession(session, sessionToken, { operation, ...splitParams(operation, input) }, "copilot");
              const { data, pagination, warnings } = run.result;
              return { ok: true, data, pagination, warnings: warnings?.length ? warnings : undefined, charged: run.charged, requestId: run.exchange.requestId };
            } catch (error) {
              if (error instanceof ApiError) return { ok: false, error: { code: error.code, message: error.message }, charged: 0 };
              throw error;
            }
          },
        }),
      ];
    }),
  );
}
