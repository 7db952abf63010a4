"use client";
// When even the root layout failed: the same notice, in a document of its own (it replaces the root layout).
import "./globals.css";
import { ErrorPage } from "./_components/error-page";
import type { ErrorBoundaryProps } from "./_components/error-notice";

export default function GlobalError(props: ErrorBoundaryProps) {
  return (
    <html lang="en">
      <body>
        <ErrorPage {...props} />
      </body>
    </html>
  );
}
