import { after } from "next/server";

/**
 * Work the response need not wait for (bookkeeping writes). Inside a request it goes to Next's after(), so a
 * serverless function stays alive until it ends instead of being frozen with it half done; outside a
 * request (scripts, tests) it simply runs. Its failure is logged, never thrown at the caller.
 */
export function afterResponse(what: string, task: () => Promise<unknown>): void {
  const guarded = () => task().catch((error: unknown) => console.warn(`${what} failed:`, error));
  try {
    after(guarded);
  } catch {
    void guarded();
  }
}
