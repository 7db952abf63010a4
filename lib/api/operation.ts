import type { z } from "zod";
import type { Pagination } from "./pagination";
import type { Warning } from "./envelope";

/** Spec section 8, cheapest first. The credit price of each lives in the plan table, not here. */
export const COST_CLASSES = ["free", "baseline", "counts", "per-title", "heavy"] as const;
export type CostClass = (typeof COST_CLASSES)[number];

export const COST_CLASS_LABELS: Record<CostClass, string> = {
  free: "Free",
  baseline: "Baseline",
  counts: "Counts and small aggregates",
  "per-title": "Per-title synthesis",
  heavy: "Heavy aggregate analysis",
};

export const SCOPES = ["market:read", "workspace:read"] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * Who is calling, as far as a handler may care. The access layer's callers (lib/access/caller.ts) have
 * these shapes; declaring them here keeps the primitives free of imports from the layers above.
 */
export type OperationCaller =
  | { kind: "token"; tokenType: "api" | "cli" | "mcp"; scopes: string[]; workspace: { id: string } }
  | { kind: "session"; scopes: string[]; workspace: { id: string } }
  | { kind: "anonymous" };

export interface OperationContext<Q, P> {
  query: Q;
  params: P;
  requestId: string;
  caller: OperationCaller;
}

export interface OperationResult<D> {
  data: D;
  pagination?: Pagination;
  warnings?: Warning[];
  meta?: Record<string, unknown>;
}

export interface Operation<
  Q extends z.ZodObject = z.ZodObject,
  P extends z.ZodObject = z.ZodObject,
  D extends z.ZodType = z.ZodType,
> {
  id: string;
  method: "GET";
  /** OpenAPI path template under /api/v1, e.g. `/games/{appId}` */
  path: string;
  summary: string;
  description: string;
  group: string;
  costClass: CostClass;
  /** the token scope the operation needs */
  scope: Scope;
  /** `preview`: anonymous callers get the capped public preview; `deny`: a token is required */
  anonymous: "preview" | "deny";
  /** top-level fields of each data item returned locked (`null`) in the anonymous preview */
  previewLocks?: string[];
  /** path parameter naming a workspace the token must belong to */
  workspaceParam?: string;
  query: Q;
  params: P;
  data: D;
  paginated: boolean;
  /**
   * A request that succeeds for an authorised caller on the real data: the docs page's "Try it"
   * defaults and the shared security suite read it. `{workspaceId}` is filled with the caller's own.
   */
  example?: OperationExample;
  handler: (ctx: OperationContext<z.output<Q>, z.output<P>>) => Promise<OperationResult<z.input<D>>>;
}

export interface OperationExample {
  params?: Record<string, string>;
  query?: Record<string, string>;
}

/** The example request of an operation as a path under /api/v1, with the caller's workspace filled in. */
export function examplePath(operation: Pick<Operation, "path" | "example">, workspaceId: string): string {
  const params: Record<string, string> = { workspaceId, ...operation.example?.params };
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? `{${name}}`));
  const query = new URLSearchParams(operation.example?.query ?? {}).toString();
  return query ? `${path}?${query}` : path;
}

/** Declares an operation once; the route, OpenAPI document and docs page all read this object. */
export function defineOperation<Q extends z.ZodObject, P extends z.ZodObject, D extends z.ZodType>(
  operation: Operation<Q, P, D>,
): Operation<Q, P, D> {
  return operation;
}
