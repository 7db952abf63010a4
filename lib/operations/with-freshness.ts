import type { Operation } from "../api/operation";
import { getPool } from "../db/prisma-client";
import { freshnessWarnings } from "../sync/freshness-warnings";

/**
 * Market-data operations carry a `SOURCE_STALE` warning while a source the sync keeps is stale (a walk not
 * finished within its window, or per-app work behind schedule: lib/sync/source-status.ts), whatever the front
 * door. Every market answer carries it, not only those built from that source's field: a catalog row mixes
 * families, and the warning names the source. The handler and the (cached) freshness read run side by side.
 */
export const WITH_FRESHNESS = new WeakSet<object>();

export function withFreshness<O extends Operation>(operation: O): O {
  if (operation.scope !== "market:read") return operation;
  const handler: Operation["handler"] = async (ctx) => {
    const [result, stale] = await Promise.all([operation.handler(ctx as never), freshnessWarnings(getPool())]);
    return stale.length === 0 ? result : { ...result, warnings: [...(result.warnings ?? []), ...stale] };
  };
  const wrapped = { ...operation, handler } as O;
  WITH_FRESHNESS.add(wrapped);
  return wrapped;
}
