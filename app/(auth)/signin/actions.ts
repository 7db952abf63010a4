"use server";
// Server actions of the sign-in page: an email link (rate-limited per address and per client) or an OAuth provider.
import { headers } from "next/headers";
import { redirect, unstable_rethrow } from "next/navigation";
import { z } from "zod";
import { clientAddress } from "@/lib/access/client-address";
import { signIn } from "@/lib/auth/auth";
import { takeSignInLink } from "@/lib/auth/sign-in-limits";
import { isConnectionFault } from "@/lib/db/connection-fault";
import { safeCallbackPath } from "@/lib/session/callback-path";

export interface SignInState {
  error?: string;
  email?: string;
}

const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export async function requestSignInLink(_previous: SignInState, form: FormData): Promise<SignInState> {
  const raw = String(form.get("email") ?? "");
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) return { error: "Enter a valid email address.", email: raw };
  const address = clientAddress(new Request("http://localhost/", { headers: await headers() }));
  const outcome = await takeSignInLink(parsed.data, address);
  if (!outcome.allowed) {
    return { error: `${outcome.reason} Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} min.`, email: raw };
  }
  const failure = await sendSignInLink(parsed.data, safeCallbackPath(form.get("callbackUrl")));
  if (failure) return { error: failure, email: raw };
  redirect("/signin/check-email");
}

/**
 * Asks Auth.js for the link (it stores the token and queues the mail, both in the database). Returns
 * what to tell the user if no mail went out: never "check your email" for a link that was not sent.
 */
async function sendSignInLink(email: string, redirectTo: string): Promise<string | undefined> {
  try {
    const next = await signIn("email", { email, redirectTo, redirect: false });
    // Auth.js answers some failures with its error page's address instead of throwing.
    if (!String(next).includes("/signin/error")) return undefined;
  } catch (error) {
    unstable_rethrow(error);
    if (isConnectionFault(error)) {
      return "No link was sent: Ludex is temporarily unavailable (we cannot reach our database). Try again in a minute.";
    }
    console.error(`[auth] sign-in link not sent: ${(error as Error).name}`);
  }
  return "No link was sent: something went wrong on our side. Try again in a minute.";
}

export async function signInWithProvider(form: FormData): Promise<void> {
  await signIn(String(form.get("provider")), { redirectTo: safeCallbackPath(form.get("callbackUrl")) });
}
