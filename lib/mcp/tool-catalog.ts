import { z } from "zod";
import { CREDIT_PRICES } from "../access/plans";
import { envelopeSchema } from "../api/envelope";
import { operationParameters } from "../api/openapi";
import { COST_CLASS_LABELS, type Operation } from "../api/operation";
import { OPERATIONS } from "../operations";

type JsonSchema = Record<string, unknown>;

/** One MCP tool per registry operation; nothing here is written per operation. */
export interface OperationTool {
  name: string;
  title: string;
  description: string;
  operation: Operation;
  inputSchema: JsonSchema & { type: "object" };
  outputSchema: JsonSchema & { type: "object" };
}

/** `getGame` -> `get_game`: the snake_case agents expect of tool names. */
export function toolName(operationId: string): string {
  return operationId.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

export const ESTIMATE_COST_TOOL = "estimate_cost";

/** What a call costs, in words an agent can plan with. */
export function costLine(operation: Operation): string {
  const credits = CREDIT_PRICES[operation.costClass];
  if (credits === 0) return "Cost: free (0 credits).";
  return `Cost: ${credits} credit${credits === 1 ? "" : "s"} per call (${COST_CLASS_LABELS[operation.costClass]}); a failed call is refunded. Use ${ESTIMATE_COST_TOOL} to check the balance first.`;
}

function describe(operation: Operation): string {
  const paging = operation.paginated ? " Paginated: pass `limit` and `offset`; `pagination` in the result says whether more follow." : "";
  return `${operation.summary}. ${operation.description}${paging}\n\n${costLine(operation)}`;
}

/** The tool's arguments: the operation's path and query parameters as JSON (numbers, arrays), validated by the pipeline like a URL's. */
function inputSchemaOf(operation: Operation): OperationTool["inputSchema"] {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of operationParameters(operation)) {
    const ownWorkspace = parameter.name === operation.workspaceParam;
    const description = ownWorkspace ? "Your workspace's id; default: the workspace the token belongs to." : parameter.description;
    properties[parameter.name] = { ...parameter.schema, ...(description ? { description } : {}) };
    if (parameter.required && !ownWorkspace) required.push(parameter.name);
  }
  return { type: "object", properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

/** The structured result: the REST success envelope (`data`, `meta`, `pagination`, `warnings`). */
function outputSchemaOf(operation: Operation): OperationTool["outputSchema"] {
  const json = z.toJSONSchema(envelopeSchema(operation.data, operation.paginated), {
    target: "draft-7",
    io: "output",
    unrepresentable: "any",
  }) as JsonSchema;
  delete json.$schema;
  return json as OperationTool["outputSchema"];
}

function toolOf(operation: Operation): OperationTool {
  return {
    name: toolName(operation.id),
    title: operation.summary,
    description: describe(operation),
    operation,
    inputSchema: inputSchemaOf(operation),
    outputSchema: outputSchemaOf(operation),
  };
}

let catalog: Map<string, OperationTool> | undefined;

/** The operation tools by name, built once per process from the registry. */
export function operationTools(): Map<string, OperationTool> {
  catalog ??= new Map(OPERATIONS.map((operation) => [toolName(operation.id), toolOf(operation)]));
  return catalog;
}

export const estimateCostInputSchema = () => ({
  type: "object" as const,
  properties: {
    tool: { type: "string", enum: [...operationTools().keys()], description: "The tool you are considering calling." },
    arguments: { type: "object", description: "The arguments you would pass it (checked, not run)." },
  },
  required: ["tool"],
  additionalProperties: false,
});
