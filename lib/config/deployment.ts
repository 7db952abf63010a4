/**
 * Where this app runs. `npm start` serves a production build on every machine, so NODE_ENV cannot tell a
 * developer's embedded default from a real deployment: a deployment says so with LUDEX_ENV=production,
 * and Vercel's production environment counts as one.
 */
export function isProductionDeployment(): boolean {
  return process.env.LUDEX_ENV === "production" || process.env.VERCEL_ENV === "production";
}

/** Running on Vercel (the platform sets VERCEL=1 at build and run time): no embedded database, no local state. */
export function isVercel(): boolean {
  return process.env.VERCEL === "1";
}

/**
 * The public origin users reach the app at, when configured (sign-in links, OAuth issuer). On Vercel's
 * production environment the project's production domain stands in when nothing is configured.
 */
export function configuredPublicUrl(): string | undefined {
  const vercelProduction = process.env.VERCEL_ENV === "production" && process.env.VERCEL_PROJECT_PRODUCTION_URL;
  const url = process.env.LUDEX_PUBLIC_URL || process.env.AUTH_URL || (vercelProduction ? `https://${vercelProduction}` : undefined);
  return url ? url.replace(/\/+$/, "") : undefined;
}

/**
 * The origin to put in links the app mails or hands out: the configured public URL, else the origin the
 * request came to by its Host header (under `next start` a route handler's URL says "localhost" whatever
 * the browser used). Production deployments configure the URL, so a forged Host header cannot redirect links.
 */
export function publicOrigin(request: Request): string {
  const configured = configuredPublicUrl();
  if (configured) return new URL(configured).origin;
  const url = new URL(request.url);
  const host = request.headers.get("host");
  return host ? `${url.protocol}//${host}` : url.origin;
}
