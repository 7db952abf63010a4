import type pg from "pg";

/**
 * Connection faults: the database could not be reached, or a connection was dropped, terminated or
 * refused (a restart, a failover, pg_terminate_backend, a full server). They say nothing about the
 * request, so callers answer 503 SERVICE_UNAVAILABLE with Retry-After instead of a 500. Recognised on
 * plain `pg` errors and on Prisma's (which wrap the driver's error in `cause` or `meta`).
 */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNABORTED"]);
/** SQLSTATE: class 08 (connection exception), shutdown/restart (57P01-57P03), too many connections. */
const SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** Prisma error codes: cannot reach, timed out, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1017", "P2024"]);
/** What @prisma/adapter-pg calls them once converted. */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const MESSAGES =
  /Connection terminated|Connection ended unexpectedly|Client has encountered a connection error|timeout exceeded when trying to connect|terminating connection due to|the database system is (starting up|shutting down|in recovery mode)|Can't reach database server|Server has closed the connection|Timed out fetching a new connection/i;

export function isConnectionFault(error: unknown): boolean {
  return visit(error, 0, new Set());
}

function visit(value: unknown, depth: number, seen: Set<unknown>): boolean {
  if (!value || typeof value !== "object" || depth > 6 || seen.has(value)) return false;
  seen.add(value);
  const record = value as Record<string, unknown>;
  const code = typeof record.code === "string" ? record.code : undefined;
  if (code && (SOCKET_CODES.has(code) || SQLSTATE.test(code) || PRISMA_CODES.has(code))) return true;
  if (typeof record.originalCode === "string" && SQLSTATE.test(record.originalCode)) return true;
  if (typeof record.kind === "string" && ADAPTER_KINDS.has(record.kind)) return true;
  if (typeof record.message === "string" && MESSAGES.test(record.message)) return true;
  // `err`: Auth.js wraps an adapter's error as { cause: { err } }.
  const nested = [record.cause, record.err, record.meta, record.driverAdapterError, ...(Array.isArray(record.errors) ? record.errors : [])];
  return nested.some((inner) => visit(inner, depth + 1, seen));
}

/** Seconds a client is asked to wait before retrying: a restart or failover usually takes a few. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Runs a read; if its connection was dropped mid-way, runs it once more (the pool hands out a fresh
 * connection: the dead one was discarded). Only for statements that change nothing: a charge is never
 * retried, it could be taken twice.
 */
export async function retryReadOnce<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!isConnectionFault(error)) throw error;
    return read();
  }
}

let lastPoolWarning = 0;

/**
 * A pool's idle connections die with the server (restart, pg_terminate_backend): pg emits the error on
 * the pool, and without a listener that is an uncaught exception. The pool has already discarded the
 * connection; the next query opens a fresh one. Logged at most every 10 s.
 */
export function guardPool<P extends pg.Pool>(pool: P, name: string): P {
  pool.on("error", (error) => warnConnectionFault(name, error));
  return pool;
}

/** A single client (scripts, the launcher): the error of a dropped connection surfaces on its next query. */
export function guardClient<C extends pg.Client>(client: C, name: string): C {
  client.on("error", (error) => warnConnectionFault(name, error));
  return client;
}

function warnConnectionFault(name: string, error: Error) {
  if (Date.now() - lastPoolWarning < 10_000) return;
  lastPoolWarning = Date.now();
  console.warn(`[db] ${name}: connection lost (${error.message}); the next query opens a new one`);
}

/** Pool settings for every pool: a connection attempt to an unreachable host fails in seconds, not minutes. */
export const CONNECT_TIMEOUT_MS = 5_000;

/** A short line for a command's user: which database could not be reached and why. */
export function describeConnectionFault(error: unknown, url = process.env.DATABASE_URL): string {
  let where = "the database";
  try {
    if (url) where = `the database at ${new URL(url).host}`;
  } catch {
    // not a URL: keep the generic name
  }
  const reason = (error as Error)?.message?.split("\n").find((line) => line.trim()) ?? String(error);
  return `Cannot reach ${where} (${reason.trim()}). Check that it is running and that DATABASE_URL is right, then retry.`;
}
