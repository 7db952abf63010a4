"use client";
// When even the root layout failed: the same notice, in a document of its own (it replaces the root layout).
import "./globals.css";
import { ErrorNotice, type ErrorBoundaryProps } from "./_components/error-notice";

export default function GlobalError(props: ErrorBoundaryProps) {
  return (
    <html lang="en">
      <body>
        <main id="content" className="auth-page">
          <a href="/" className="brand auth-brand">Ludex</a>
          <div className="notice-frame">
            <ErrorNotice {...props} />
          </div>
        </main>
      </body>
    </html>
  );
}
