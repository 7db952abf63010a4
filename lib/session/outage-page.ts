import type { ReactNode } from "react";
import { isConnectionFault, RETRY_AFTER_SECONDS } from "../db/connection-fault";
import { OUTAGE_DIGEST } from "./outage-digest";
import { markOutage } from "./outage-scope";

/**
 * A page could not load its data because the database could not be reached. Its digest survives the
 * trip to the browser (the message and stack do not), where app/error.tsx shows "temporarily
 * unavailable" and retries; the message here is only for the server's log.
 */
export class PageUnavailableError extends Error {
  readonly digest = `${OUTAGE_DIGEST};${RETRY_AFTER_SECONDS}`;
  constructor(cause: unknown) {
    super("the database could not be reached while rendering a page", { cause });
    this.name = "PageUnavailableError";
  }
}

/**
 * Wraps a server component (a page or layout) whose data comes from the database: a connection fault
 * becomes PageUnavailableError and marks the request, so our server answers the document with 503 and
 * Retry-After (lib/runtime/outage-status.ts). Every other error, redirect or notFound passes unchanged.
 */
export function outageAware<P>(component: (props: P) => Promise<ReactNode>): (props: P) => Promise<ReactNode> {
  const wrapped = async (props: P) => {
    try {
      return await component(props);
    } catch (error) {
      if (!isConnectionFault(error) || error instanceof PageUnavailableError) throw error;
      markOutage();
      throw new PageUnavailableError(error);
    }
  };
  Object.defineProperty(wrapped, "name", { value: component.name });
  return wrapped;
}
