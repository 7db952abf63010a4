import type { CostClass } from "../api/operation";

/**
 * Plans, allowances, credit prices and rate limits: one table, easy to change. Pricing is not part of
 * the API contract (spec section 9), so nothing else hard-codes these numbers.
 */
export const PLAN_IDS = ["free", "starter", "pro"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  apiAccess: boolean;
  monthlyCredits: number;
  /** sliding window per token */
  rateLimit: { requests: number; windowSeconds: number };
}

export const PLANS: Record<PlanId, Plan> = {
  free: { id: "free", name: "Free", apiAccess: false, monthlyCredits: 0, rateLimit: { requests: 30, windowSeconds: 60 } },
  starter: { id: "starter", name: "Starter", apiAccess: true, monthlyCredits: 2_500, rateLimit: { requests: 120, windowSeconds: 60 } },
  pro: { id: "pro", name: "Pro", apiAccess: true, monthlyCredits: 7_000, rateLimit: { requests: 600, windowSeconds: 60 } },
};

export const CREDIT_PRICES: Record<CostClass, number> = {
  free: 0,
  baseline: 1,
  counts: 2,
  "per-title": 5,
  heavy: 20,
};

/** Anonymous callers: a public preview, per client address. */
export const ANONYMOUS_PREVIEW = {
  maxPageSize: 10,
  dailyRequests: 200,
  /** of which Per-title synthesis and Heavy operations (review and marketing analyses, cohorts, comparisons) */
  costlyDailyRequests: 20,
  rateLimit: { requests: 20, windowSeconds: 60 },
};
