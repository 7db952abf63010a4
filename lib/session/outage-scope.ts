import { AsyncLocalStorage } from "node:async_hooks";

/** What a page's render learnt about the database, read by the HTTP server before it writes the status. */
export interface OutageMark {
  unavailable: boolean;
}

// Our server (lib/runtime/serve-next.ts, loaded by tsx) and Next's bundle of the pages each get their own
// copy of this module, so the storage lives on globalThis under a registered symbol: one per process.
const KEY = Symbol.for("ludex.page-outage-scope");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<OutageMark> | undefined>;
export const outageScope: AsyncLocalStorage<OutageMark> = (holder[KEY] ??= new AsyncLocalStorage<OutageMark>());

/** Marks the current request as answered during a database outage (a no-op outside our server's scope). */
export function markOutage(): void {
  const mark = outageScope.getStore();
  if (mark) mark.unavailable = true;
}
