import { RETRY_AFTER_SECONDS, retryReadOnce } from "../db/connection-fault";
import { getPool } from "../db/prisma-client";
import { pendingRefundCount } from "../metering/pending-refunds";
import { rateLimiterHealth } from "../metering/rate-limit";

/** The database must answer within this, or the service counts as unavailable. */
const DATABASE_TIMEOUT_MS = 3_000;

export type DependencyStatus = "ok" | "degraded" | "unavailable";

export interface HealthReport {
  /** ok: everything answers; degraded: serving, without something (rate limits); unavailable: no database */
  status: DependencyStatus;
  dependencies: {
    database: { status: "ok" | "unavailable"; latencyMs: number | null };
    rateLimiter: { backend: string; status: "ok" | "degraded" };
  };
  /** refunds waiting for the database to come back, in the shared store or this process (lib/metering/pending-refunds.ts) */
  pendingRefunds: number;
  checkedAt: string;
}

/**
 * What a load balancer or an operator needs: does PostgreSQL answer (no: the API answers 503), and is
 * the rate limiter's Redis up (no: the API serves without limits, with a warning). One `SELECT 1`.
 */
export async function checkHealth(): Promise<HealthReport> {
  const database = await pingDatabase();
  const rateLimiter = rateLimiterHealth();
  const status = database.status === "unavailable" ? "unavailable" : rateLimiter.status === "degraded" ? "degraded" : "ok";
  return { status, dependencies: { database, rateLimiter }, pendingRefunds: await pendingRefundCount(), checkedAt: new Date().toISOString() };
}

async function pingDatabase(): Promise<HealthReport["dependencies"]["database"]> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("database did not answer in time")), DATABASE_TIMEOUT_MS);
  });
  try {
    await Promise.race([retryReadOnce(() => getPool().query("SELECT 1")), timeout]);
    return { status: "ok", latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: "unavailable", latencyMs: null };
  } finally {
    clearTimeout(timer);
  }
}

/** GET/HEAD /api/health: 200 while the database answers, 503 with Retry-After otherwise. Free, unmetered, unlimited. */
export async function healthResponse(request: Request): Promise<Response> {
  const report = await checkHealth();
  const ok = report.status !== "unavailable";
  return new Response(request.method === "HEAD" ? null : JSON.stringify(report), {
    status: ok ? 200 : 503,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      ...(ok ? {} : { "Retry-After": String(RETRY_AFTER_SECONDS) }),
    },
  });
}
