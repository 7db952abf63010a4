/**
 * The digest a page's error carries when the database could not be reached. Next keeps an error's own
 * digest when it crosses to the browser (it strips the message and stack in production), so the error
 * boundary can tell an outage (retry shortly) from a bug without seeing anything internal.
 * Client-safe: no server imports.
 */
export const OUTAGE_DIGEST = "LUDEX_SERVICE_UNAVAILABLE";

/** The seconds to wait before retrying, if `digest` is an outage's (`LUDEX_SERVICE_UNAVAILABLE;5`), else null. */
export function outageRetrySeconds(digest: string | undefined): number | null {
  if (!digest?.startsWith(`${OUTAGE_DIGEST};`)) return null;
  const seconds = Number(digest.slice(OUTAGE_DIGEST.length + 1));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 5;
}
