import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { CONNECT_TIMEOUT_MS } from "./connection-fault";

/**
 * Whether `url` is the embedded server `npm start` runs for the data folder. Read from its embedded.json
 * rather than importing embedded-server, which would pull PGlite into the Next bundle.
 */
export function isEmbeddedUrl(url: string): boolean {
  try {
    const infoPath = join(resolve(process.env.LUDEX_DATA_DIR || ".ludex"), "embedded.json");
    return (JSON.parse(readFileSync(infoPath, "utf8")) as { url?: string }).url === url;
  } catch {
    return false;
  }
}

/**
 * The connect timeout for a pool on `url`. On the embedded database a new connection waits while another
 * holds a transaction open, up to the idle-in-transaction timeout (LUDEX_IDLE_TRANSACTION_TIMEOUT_MS, 5 s:
 * lib/db/embedded-server.ts); at 5 s both timers raced, and under load a detail call got 503 where it should
 * have been served once the idle transaction was closed. The wait there is that timeout, not a lost host.
 */
export function connectTimeoutFor(url: string): number {
  if (!isEmbeddedUrl(url)) return CONNECT_TIMEOUT_MS;
  return Number(process.env.LUDEX_IDLE_TRANSACTION_TIMEOUT_MS ?? 5_000) + 10_000;
}
