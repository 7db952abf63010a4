import { createHash } from "node:crypto";
import { signInAddressLimit, signInClientLimit } from "../metering/limits-policy";
import { checkRateLimit } from "../metering/rate-limit";

export type SignInLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number; reason: string };

/**
 * Counts one sign-in link for the address and for the client asking. Both windows are checked together;
 * a refusal names the tighter one. Addresses are hashed in the limiter's keys: no email sits in Redis.
 */
export async function takeSignInLink(email: string, clientAddress: string): Promise<SignInLimitOutcome> {
  const emailKey = createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
  const [byAddress, byClient] = await Promise.all([
    checkRateLimit(`sign-in:email:${emailKey}`, signInAddressLimit()),
    checkRateLimit(`sign-in:client:${clientAddress}`, signInClientLimit()),
  ]);
  if (!byAddress.allowed) {
    return { allowed: false, retryAfterSeconds: byAddress.resetSeconds, reason: "Too many sign-in links were sent to this address." };
  }
  if (!byClient.allowed) {
    return { allowed: false, retryAfterSeconds: byClient.resetSeconds, reason: "Too many sign-in links were asked for from this network." };
  }
  return { allowed: true };
}
