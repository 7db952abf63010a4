import { ESTIMATE_COST_TOOL, operationTools } from "./tool-catalog";

/**
 * The scopes the tool calls in a JSON-RPC body need that the token lacks. An OAuth client told so by a 403
 * `insufficient_scope` (the MCP authorization spec's step-up) can ask its user for more; an API key cannot,
 * so API keys get the tool's FORBIDDEN result instead. estimate_cost reads the balance: workspace:read.
 */
export function missingScopes(body: string, granted: string[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return []; // the transport answers malformed JSON with its own JSON-RPC error
  }
  const messages = Array.isArray(parsed) ? parsed : [parsed];
  const needed = new Set<string>();
  for (const message of messages) {
    if (!message || typeof message !== "object" || (message as { method?: unknown }).method !== "tools/call") continue;
    const name = String((message as { params?: { name?: unknown } }).params?.name ?? "");
    const scope = name === ESTIMATE_COST_TOOL ? "workspace:read" : operationTools().get(name)?.operation.scope;
    if (scope && !granted.includes(scope)) needed.add(scope);
  }
  return [...needed];
}
