"use client";
// Errors of any page below the root layout: a database outage is "temporarily unavailable" and retries itself.
import { ErrorNotice, type ErrorBoundaryProps } from "./_components/error-notice";

export default function RootError(props: ErrorBoundaryProps) {
  return (
    <main id="content" className="auth-page">
      <a href="/" className="brand auth-brand">Ludex</a>
      <div className="notice-frame">
        <ErrorNotice {...props} />
      </div>
    </main>
  );
}
