import type { ServerResponse } from "node:http";
import { RETRY_AFTER_SECONDS } from "../db/connection-fault";
import { outageScope } from "../session/outage-scope";

/**
 * Next has no way for a server component to choose its document's status: a page that throws before
 * its first byte is a 500 (only notFound, forbidden, unauthorized and redirect pick their own). Our
 * server runs each request in an outage scope; when a page marked it (lib/session/outage-page.ts),
 * the 500 Next is about to send becomes 503 with Retry-After, as the API answers during an outage.
 */
export function handleWithOutageStatus(response: ServerResponse, handle: () => Promise<void>): Promise<void> {
  const mark = { unavailable: false };
  const writeHead = response.writeHead;
  // Next sets statusCode and lets Node write the head with the first chunk (which calls writeHead).
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (mark.unavailable && args[0] === 500) {
      args[0] = 503;
      if (typeof args[1] === "string") args.splice(1, 1);
      this.statusMessage = "Service Unavailable";
      this.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      this.setHeader("Cache-Control", "no-store");
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
  return outageScope.run(mark, handle);
}
