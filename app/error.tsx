"use client";
// Errors of any page below the root layout: a database outage is "temporarily unavailable" and retries itself.
import { ErrorPage } from "./_components/error-page";
import type { ErrorBoundaryProps } from "./_components/error-notice";

export default function RootError(props: ErrorBoundaryProps) {
  return <ErrorPage {...props} />;
}
