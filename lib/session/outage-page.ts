import type { ReactNode } from "react";
import { isConnectionFault, RETRY_AFTER_SECONDS } from "../db/connection-fault";
import { OUTAGE_DIGEST } from "./outage-digest";
import { markOutage } from "./outage-scope";

/**
 * A page could not load its data because the database could not be reached. Its digest survives the
 * trip to the browser (the message and stack do not), where app/error.tsx shows "temporarily
 * unavailable" and retries. Next logs it for every such page: one line with the driver's reason, not
 * the stacks and code frames of the wrapped error.
 */
export class PageUnavailableError extends Error {
  readonly digest = `${OUTAGE_DIGEST};${RETRY_AFTER_SECONDS}`;
  constructor(fault: unknown) {
    super(`a page could not reach the database (${shortReason(fault)}); it answered "temporarily unavailable"`);
    this.name = "PageUnavailableError";
    this.stack = `${this.name}: ${this.message}`;
  }
}

/** The driver's own words: the last line of the message (Prisma puts its code frame first). */
function shortReason(fault: unknown): string {
  const lines = String((fault as Error)?.message ?? fault).split("\n").map((line) => line.trim()).filter(Boolean);
  return (lines.at(-1) ?? "connection fault").slice(0, 200);
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
