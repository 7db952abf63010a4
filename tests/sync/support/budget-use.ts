import type { LoggedRequest, WindowLimit } from "@/tests/support/steam-replay";
import { maxInWindow } from "@/tests/support/steam-replay/rate-gate";

/**
 * How a run spent a budget, from the host's log. The engine spaces requests by its budget widened by half a
 * percent of the window and at least 0.25 s (sync-config.ts `slotSeconds`; this suite found arrival jitter of a
 * loaded machine larger than half a percent of a short window), so the replay's limit is the budget itself and
 * no window of the budget's length may hold more than the budget.
 */
export const JITTER_MS = 250;

/** The replay's limit for a budget: exactly the budget (a request over it is answered 429 and fails the test). */
export function hostLimit(budget: WindowLimit): WindowLimit {
  return budget;
}

export function budgetUse(requests: LoggedRequest[], budget: WindowLimit) {
  const times = requests.map((r) => r.at).sort((a, b) => a - b);
  const spanMs = times.length > 1 ? times[times.length - 1] - times[0] : 0;
  return {
    sent: times.length,
    // a budget of n per window allows one request every window/n, the first at once
    allowed: (spanMs / (budget.windowSeconds * 1000)) * budget.requests + 1,
    spanMs,
    /** the most requests in any window of the budget's length: never more than the budget */
    mostInWindow: maxInWindow(times, budget.windowSeconds * 1000),
    gapsMs: times.slice(1).map((t, i) => t - times[i]),
  };
}
