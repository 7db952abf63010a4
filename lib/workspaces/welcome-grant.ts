import { isProductionDeployment } from "../config/deployment";

export const WELCOME_GRANT_NOTE = "welcome";

/** A user earns welcome grants for this many workspaces they create, so new workspaces cannot farm credits. */
export const WELCOME_GRANTS_PER_USER = 3;

export interface WelcomeGrantPolicy {
  days: number;
  credits: number;
}

/**
 * The complimentary grant a new workspace gets, so a new user goes from sign-in to a working API call
 * without an operator: 14 days of API access and 500 credits by default outside production; off in
 * production unless LUDEX_WELCOME_GRANT_DAYS is set. Null when off.
 */
export function welcomeGrantPolicy(): WelcomeGrantPolicy | null {
  const days = numberFrom(process.env.LUDEX_WELCOME_GRANT_DAYS, isProductionDeployment() ? 0 : 14);
  const credits = numberFrom(process.env.LUDEX_WELCOME_GRANT_CREDITS, 500);
  return days > 0 ? { days, credits } : null;
}

function numberFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : fallback;
}
