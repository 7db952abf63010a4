// The page an error boundary shows: our brand and the notice (a database outage retries itself).
import { ErrorNotice, type ErrorBoundaryProps } from "./error-notice";

export function ErrorPage(props: ErrorBoundaryProps) {
  return (
    <main id="content" className="auth-page">
      <a href="/" className="brand auth-brand">Ludex</a>
      <div className="notice-frame">
        <ErrorNotice {...props} />
      </div>
    </main>
  );
}
