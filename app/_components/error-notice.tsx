"use client";
import { useEffect, useRef, useState } from "react";
import { outageRetrySeconds } from "@/lib/session/outage-digest";

export interface ErrorBoundaryProps {
  error: Error & { digest?: string };
  reset: () => void;
  /** Next 16: refreshes the route's server data, then resets the boundary. */
  retry?: () => void;
}

/**
 * What an error boundary shows. A database outage (the page's digest says so) is "temporarily
 * unavailable", counting down to a retry of its own, with a button to retry now; anything else is our
 * bug, with its reference for support. Never a message or stack from the server (production strips
 * them anyway; development would show them).
 */
export function ErrorNotice({ error, reset, retry }: ErrorBoundaryProps) {
  const retryAfter = outageRetrySeconds(error.digest);
  const again = () => (retry ? retry() : (reset(), window.location.reload()));
  if (retryAfter === null) return <Failure digest={error.digest} onRetry={again} />;
  return <Unavailable firstWait={retryAfter} error={error} onRetry={again} />;
}

function Unavailable({ firstWait, error, onRetry }: { firstWait: number; error: Error; onRetry: () => void }) {
  const [attempt, setAttempt] = useState(0);
  const wait = Math.min(firstWait * 2 ** attempt, 60);
  const [left, setLeft] = useState(wait);
  const latest = useRef({ error, onRetry });
  // The retry failed again (a new error came back): count down once more, longer.
  useEffect(() => {
    if (latest.current.error !== error) setAttempt((n) => n + 1);
    latest.current = { error, onRetry };
  }, [error, onRetry]);
  // Every new attempt counts down afresh, also once the wait has reached its one-minute cap.
  useEffect(() => setLeft(wait), [attempt, wait]);
  useEffect(() => {
    if (left > 0) {
      const tick = setTimeout(() => setLeft((seconds) => seconds - 1), 1_000);
      return () => clearTimeout(tick);
    }
    latest.current.onRetry();
    // Still here a while later with no new error (the retry itself could not reach us): count down again.
    const stuck = setTimeout(() => setAttempt((n) => n + 1), 5_000);
    return () => clearTimeout(stuck);
  }, [left]);
  return (
    <section className="card notice" aria-labelledby="notice-heading" data-testid="service-unavailable">
      <title>Temporarily unavailable · Ludex</title>
      <h1 id="notice-heading">Ludex is temporarily unavailable</h1>
      <p>
        We cannot reach our database right now, so this page cannot load. Nothing you saved is lost and no credits were
        spent. This is usually over within a few seconds.
      </p>
      <p className="muted" role="status" aria-live="polite">
        {left > 0 ? `Retrying in ${left} s…` : "Retrying…"}
      </p>
      <div className="notice-actions">
        <button type="button" className="button primary" onClick={onRetry}>
          Retry now
        </button>
        <a className="button" href="/docs">API reference</a>
      </div>
    </section>
  );
}

function Failure({ digest, onRetry }: { digest?: string; onRetry: () => void }) {
  return (
    <section className="card notice" aria-labelledby="notice-heading" data-testid="page-error">
      <title>Something went wrong · Ludex</title>
      <h1 id="notice-heading">Something went wrong on our side</h1>
      <p>This page failed to load. Trying again often helps; if it keeps failing, tell us the reference below.</p>
      {digest ? <p className="muted small">Reference: <code>{digest}</code></p> : null}
      <div className="notice-actions">
        <button type="button" className="button primary" onClick={onRetry}>
          Try again
        </button>
        <a className="button" href="/dashboard">Dashboard</a>
      </div>
    </section>
  );
}
