import type { Operation } from "../api/operation";
import { getPool } from "../db/prisma-client";
import { freshnessWarnings } from "../sync/freshness-warnings";

/**
 * Market-data operations carry a `SOURCE_STALE` warning while a source the sync keeps is stale (throttled,
 * blocked, failing or behind), whatever the front door. The handler and the (cached) freshness read run side by side.
 */
export function withFreshness<O extends Operation>(operation: O): O {
  if (operation.scope !== "market:read") return operation;
  const handler: Operation["handler"] = async (ctx) => {
    const [result, stale] = await Promise.all([operation.handler(ctx as never), freshnessWarnings(getPool())]);
    return stale.length === 0 ? result : { ...result, warnings: [...(result.warnings ?? []), ...stale] };
  };
  return { ...operation, handler } as O;
}
