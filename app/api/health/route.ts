// GET /api/health: whether the database and the rate limiter answer (for load balancers; free, not metered, not rate-limited)
import { healthResponse } from "@/lib/health/check-health";

export const dynamic = "force-dynamic";
export const GET = healthResponse;
export const HEAD = healthResponse;
