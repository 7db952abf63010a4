import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: "Ludex: game-market data API",
  description: "The Steam catalog, tags, counts and market analysis through a versioned REST API.",
  icons: { icon: "/favicon.svg" },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="site-header">
          <a href="/" className="brand">Ludex</a>
          <nav>
            <a href="/docs">API reference</a>
            <a href="/api/v1/openapi.json">OpenAPI</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
