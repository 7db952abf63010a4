import { ApiError } from "../api/api-error";
import type { Operation } from "../api/operation";

/**
 * A tool's JSON arguments as the URL parameters the operation declares: numbers and booleans become their
 * decimal text, arrays comma-separated lists. The pipeline then validates them exactly as it validates a
 * REST call's query (lib/api/query-params.ts), so both surfaces accept and refuse the same input.
 */
export function toInvocationParameters(operation: Operation, args: Record<string, unknown>, workspaceId: string) {
  const pathNames = new Set(Object.keys(operation.params.shape));
  const searchParams = new URLSearchParams();
  const pathParams: Record<string, string> = {};
  if (operation.workspaceParam && args[operation.workspaceParam] === undefined) pathParams[operation.workspaceParam] = workspaceId;
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    const text = asText(name, value);
    if (pathNames.has(name)) pathParams[name] = text;
    else searchParams.set(name, text);
  }
  for (const name of pathNames) {
    if (pathParams[name] === undefined) throw new ApiError("BAD_REQUEST", `Argument '${name}' is required.`, { param: name });
  }
  return { searchParams, pathParams };
}

function asText(name: string, value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => scalar(name, item)).join(",");
  return scalar(name, value);
}

function scalar(name: string, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  throw new ApiError("BAD_REQUEST", `Invalid value for '${name}': expected a string, a number or a list of them.`, { param: name });
}
