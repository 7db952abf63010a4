/** Where to go after sign-in: a path on this site only (never `//host` or a full URL), default the dashboard. */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return "/dashboard";
  return value.slice(0, 512);
}
