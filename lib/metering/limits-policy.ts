import type { RateLimitPolicy } from "./rate-limit";
import { ANONYMOUS_PREVIEW, PLANS, type PlanId } from "../access/plans";

/**
 * Operators (and the test suite) can change limits without a release:
 * LUDEX_LIMITS='{"pro":{"requests":1000},"anonymous":{"requests":5},"anonymousDaily":{"requests":50}}'.
 */
type Overrides = Partial<Record<PlanId | "anonymous" | "anonymousDaily" | "anonymousCostly" | "authFailures" | "signInAddress" | "signInClient" | "cliDevice" | "cliToken" | "cliApprove" | "oauthRegistration", Partial<Omit<RateLimitPolicy, "name">>>>;

let overrides: Overrides | undefined;

function readOverrides(): Overrides {
  if (overrides) return overrides;
  try {
    overrides = process.env.LUDEX_LIMITS ? (JSON.parse(process.env.LUDEX_LIMITS) as Overrides) : {};
  } catch {
    console.warn("[limits] LUDEX_LIMITS is not valid JSON; using the plan table");
    overrides = {};
  }
  return overrides;
}

export function planRateLimit(plan: PlanId): RateLimitPolicy {
  return { name: plan, ...PLANS[plan].rateLimit, ...readOverrides()[plan] };
}

export function anonymousRateLimit(): RateLimitPolicy {
  return { name: "anonymous", ...ANONYMOUS_PREVIEW.rateLimit, ...readOverrides().anonymous };
}

export function anonymousDailyLimit(): RateLimitPolicy {
  return { name: "anonymous-daily", requests: ANONYMOUS_PREVIEW.dailyRequests, windowSeconds: 86_400, ...readOverrides().anonymousDaily };
}

/**
 * Anonymous Per-title synthesis and Heavy calls per address and day, apart from the daily allowance: the
 * preview shows what they do, it is not a way to spend our CPU on cohorts for free.
 */
export function anonymousCostlyLimit(): RateLimitPolicy {
  return { name: "anonymous-costly", requests: ANONYMOUS_PREVIEW.costlyDailyRequests, windowSeconds: 86_400, ...readOverrides().anonymousCostly };
}

/**
 * Failed token authentications per client address: a well-formed token passes the (public) checksum, so
 * each unknown one would cost a database read. Past this, the address is refused before the read.
 */
export function authFailureLimit(): RateLimitPolicy {
  return { name: "auth-failures", requests: 20, windowSeconds: 60, ...readOverrides().authFailures };
}

/** Sign-in links one email address can be sent: a few, so nobody can flood someone's inbox. */
export function signInAddressLimit(): RateLimitPolicy {
  return { name: "sign-in-address", requests: 5, windowSeconds: 900, ...readOverrides().signInAddress };
}

/** Sign-in links one client can ask for, whatever the addresses. */
export function signInClientLimit(): RateLimitPolicy {
  return { name: "sign-in-client", requests: 20, windowSeconds: 3_600, ...readOverrides().signInClient };
}

/** CLI logins one client address may start: a person logs in a few times a day, not hundreds. */
export function cliDeviceLimit(): RateLimitPolicy {
  return { name: "cli-device", requests: 30, windowSeconds: 600, ...readOverrides().cliDevice };
}

/** Token-endpoint polls per client address: a poll every 5 s for a few logins at once behind one address. */
export function cliTokenLimit(): RateLimitPolicy {
  return { name: "cli-token", requests: 120, windowSeconds: 60, ...readOverrides().cliToken };
}

/** Approvals and denials per signed-in user: bounds guessing of user codes from the activation page. */
export function cliApproveLimit(): RateLimitPolicy {
  return { name: "cli-approve", requests: 20, windowSeconds: 600, ...readOverrides().cliApprove };
}

/** OAuth clients (MCP agents) one address can register: enough for a team behind one NAT, not for a flood. */
export function oauthRegistrationLimit(): RateLimitPolicy {
  return { name: "oauth-registration", requests: 30, windowSeconds: 3_600, ...readOverrides().oauthRegistration };
}
