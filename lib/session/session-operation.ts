import { readBrowserSession, sessionCaller, type BrowserSession } from "../access/browser-session";
import { ApiError } from "../api/api-error";
import { newRequestId } from "../api/request-id";
import type { Operation, OperationResult } from "../api/operation";
import { OPERATIONS } from "../operations";
import { executeOperation, newExchange, type Exchange, type Surface } from "../pipeline/execute-operation";

/** Registry operations a browser surface may run (usage is the dashboard's own screen, not a data call). */
export const SESSION_OPERATIONS = OPERATIONS.filter((operation) => operation.scope === "market:read");

export function findOperation(id: string | null | undefined): Operation {
  const operation = SESSION_OPERATIONS.find((candidate) => candidate.id === id);
  if (operation) return operation;
  throw new ApiError("BAD_REQUEST", `operation: unknown operation '${String(id ?? "").slice(0, 60)}'; one of ${SESSION_OPERATIONS.map((o) => o.id).join(", ")}.`, {
    param: "operation",
  });
}

/** The names in an operation's path template (`/games/{appId}/history` -> appId). */
export function pathParamNames(operation: Operation): string[] {
  return [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/**
 * One flat parameter list (as a form or a tool sends it) split as the API would receive it: the path
 * template's names become path parameters, everything else the query string.
 */
export function splitParams(operation: Operation, input: Record<string, unknown>): { pathParams: Record<string, string>; searchParams: URLSearchParams } {
  const names = new Set(pathParamNames(operation));
  const pathParams: Record<string, string> = {};
  const searchParams = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined || value === null || value === "") continue;
    const text = Array.isArray(value) ? value.join(",") : String(value);
    if (names.has(key)) pathParams[key] = text;
    else searchParams.set(key, text);
  }
  for (const name of names) {
    if (!pathParams[name]) throw new ApiError("BAD_REQUEST", `${name}: required by ${operation.id}.`, { param: name });
  }
  return { pathParams, searchParams };
}

export interface SessionRun {
  result: OperationResult<unknown>;
  exchange: Exchange;
  /** credits this call charged (0 for a quote) */
  charged: number;
}

/**
 * Runs one registry operation as the signed-in user's current workspace through the one pipeline: the
 * same prices, quota and rate limits as /api/v1, recorded in the ledger under `surface`. `method: HEAD`
 * is charged like GET, as on the API.
 */
export async function runAsSession(
  session: BrowserSession,
  sessionToken: string | null,
  call: { operation: Operation; pathParams: Record<string, string>; searchParams: URLSearchParams },
  surface: Surface,
  method: "GET" | "HEAD" = "GET",
): Promise<SessionRun> {
  // Each call is its own ledger entry, so its own request id (an export of ten pages is ten charges).
  const exchange = newExchange(newRequestId());
  const identify = async (fresh: boolean) => {
    const current = fresh && sessionToken ? await readBrowserSession(sessionToken) : session;
    const caller = current ? sessionCaller(current) : null;
    if (!caller) throw new ApiError("UNAUTHORIZED", "Your session ended or you left the workspace; sign in again.");
    return caller;
  };
  const result = await executeOperation({ ...call, method, identify, surface }, exchange);
  const quota = exchange.meta.quota as { charged?: number } | undefined;
  return { result, exchange, charged: quota?.charged ?? 0 };
}
