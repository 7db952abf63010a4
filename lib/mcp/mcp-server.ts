import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { TokenCaller } from "../access/caller";
import { CREDIT_PRICES } from "../access/plans";
import { parsePathParams, parseQuery } from "../api/query-params";
import { newRequestId } from "../api/request-id";
import { COST_CLASS_LABELS } from "../api/operation";
import { executeOperation, newExchange, type Exchange } from "../pipeline/execute-operation";
import { toInvocationParameters } from "./tool-arguments";
import { ESTIMATE_COST_TOOL, estimateCostInputSchema, operationTools, type OperationTool } from "./tool-catalog";
import { toolError, toolSuccess } from "./tool-results";

export interface McpCallContext {
  /** the caller behind the request's bearer token; `fresh` re-reads it (lib/pipeline/execute-operation.ts) */
  identify: (fresh: boolean) => Promise<TokenCaller>;
  workspaceId: string;
}

const INSTRUCTIONS =
  "Ludex: game-market data on the real Steam catalog (games, tags, reviews, cohorts, estimates). Each tool states its credit cost; " +
  "every result carries the charge and the balance in `meta.credits`. get_status and estimate_cost are free.";

/** An MCP server for one HTTP request (stateless: any instance answers any request). */
export function buildMcpServer(context: McpCallContext): Server {
  const server = new Server({ name: "ludex", title: "Ludex market data", version: "1.0.0" }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === ESTIMATE_COST_TOOL) return estimateCost(args, context);
    const tool = operationTools().get(name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool '${name.slice(0, 80)}'; tools/list names them.`);
    return callOperation(tool, args, context);
  });
  return server;
}

function listTools(): Tool[] {
  const tools: Tool[] = [...operationTools().values()].map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema,
    annotations: { title: tool.title, readOnlyHint: true, openWorldHint: false },
  }));
  tools.push({
    name: ESTIMATE_COST_TOOL,
    title: "Estimate a call's cost",
    description:
      "What calling a tool with the given arguments would charge, and the workspace's balance after it, without running it (the arguments are checked). Cost: free (0 credits).",
    inputSchema: estimateCostInputSchema(),
    annotations: { title: "Estimate a call's cost", readOnlyHint: true, openWorldHint: false },
  });
  return tools;
}

async function callOperation(tool: OperationTool, args: Record<string, unknown>, context: McpCallContext): Promise<CallToolResult> {
  const exchange = newExchange(newRequestId());
  try {
    const result = await execute(tool, args, context, exchange);
    return toolSuccess(result, exchange);
  } catch (error) {
    return toolError(error, exchange);
  }
}

function execute(tool: OperationTool, args: Record<string, unknown>, context: McpCallContext, exchange: Exchange) {
  const { searchParams, pathParams } = toInvocationParameters(tool.operation, args, context.workspaceId);
  return executeOperation(
    { operation: tool.operation, method: "GET", searchParams, pathParams, identify: context.identify, surface: "mcp" },
    exchange,
  );
}

/** Checks the arguments as the call would, then reads the balance through the free status operation. */
async function estimateCost(args: Record<string, unknown>, context: McpCallContext): Promise<CallToolResult> {
  const exchange = newExchange(newRequestId());
  try {
    const target = operationTools().get(String(args.tool));
    if (!target) throw new McpError(ErrorCode.InvalidParams, `estimate_cost: 'tool' must name one of the tools tools/list returns.`);
    const callArgs = (typeof args.arguments === "object" && args.arguments) || {};
    const { searchParams, pathParams } = toInvocationParameters(target.operation, callArgs as Record<string, unknown>, context.workspaceId);
    parseQuery(target.operation.query, searchParams);
    parsePathParams(target.operation.params, pathParams);
    const status = operationTools().get("get_status")!;
    const result = await execute(status, {}, context, exchange);
    const credits = (result.data as { workspace: { credits: { remaining: number; used: number; allowance: number; resetsAt: string } } }).workspace.credits;
    const price = CREDIT_PRICES[target.operation.costClass];
    return toolSuccess(
      {
        data: {
          tool: target.name,
          costClass: target.operation.costClass,
          costClassLabel: COST_CLASS_LABELS[target.operation.costClass],
          credits: price,
          remainingBefore: credits.remaining,
          remainingAfter: Math.max(0, credits.remaining - price),
          wouldExceed: price > credits.remaining,
          resetsAt: credits.resetsAt,
        },
      },
      exchange,
    );
  } catch (error) {
    if (error instanceof McpError) throw error;
    return toolError(error, exchange);
  }
}
