"use client";
// A dashboard page that failed while its shell (sidebar, workspace) loaded: the notice in the page's place.
import { ErrorNotice, type ErrorBoundaryProps } from "@/app/_components/error-notice";

export default function DashboardError(props: ErrorBoundaryProps) {
  return (
    <div className="notice-frame">
      <ErrorNotice {...props} />
    </div>
  );
}
