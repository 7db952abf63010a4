import type { ReactNode } from "react";

/** The public pages: the landing page and the API reference (static: the dashboard link signs in when needed). */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="site-header">
        <a href="/" className="brand">Ludex</a>
        <nav aria-label="Site">
          <a href="/docs">API reference</a>
          <a href="/api/v1/openapi.json">OpenAPI</a>
          <a href="/dashboard">Dashboard</a>
        </nav>
      </header>
      <main id="content" className="page">{children}</main>
    </>
  );
}
