/**
 * AbortSignal.any() on Node 20 keeps every signal it made reachable from its sources for as long as they live:
 * a worker combining its run's signal with each request's would hold one more signal per request, for days.
 * These link signals by hand and unlink them when done.
 */

/** A signal for one request: aborted by `parent` or after `timeoutMs`; `done()` unlinks it. */
export function requestSignal(parent: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let timedOut = false;
  const onParent = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  if (parent?.aborted) onParent();
  else parent?.addEventListener("abort", onParent, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      parent?.removeEventListener("abort", onParent);
    },
  };
}

/** Waits `ms`, or less when one of the signals aborts; never rejects. */
export function sleepUnless(ms: number, signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener("abort", finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    for (const signal of signals) {
      if (signal.aborted) return finish();
      signal.addEventListener("abort", finish, { once: true });
    }
  });
}
