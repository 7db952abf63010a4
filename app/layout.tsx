import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: "Ludex: game-market data API",
  description: "The Steam catalog, tags, counts and market analysis through a versioned REST API.",
  icons: { icon: "/favicon.svg" },
};

export const viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#content">Skip to content</a>
        {children}
      </body>
    </html>
  );
}
