/**
 * The client's address for anonymous limits. Next.js appends the socket peer to X-Forwarded-For, and
 * Vercel sets the header itself, so the last entry is the one a client cannot forge.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  return last ?? request.headers.get("x-real-ip") ?? "unknown";
}
