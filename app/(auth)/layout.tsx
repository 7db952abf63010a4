import type { ReactNode } from "react";

/** Sign-in, its follow-up pages and invitations: one centred card. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main id="content" className="auth-page">
      <a href="/" className="brand auth-brand">Ludex</a>
      <div className="card auth-card">{children}</div>
    </main>
  );
}
