"use server";
// Server actions of the sign-in page: an email link (rate-limited per address and per client) or an OAuth provider.
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { clientAddress } from "@/lib/access/client-address";
import { signIn } from "@/lib/auth/auth";
import { takeSignInLink } from "@/lib/auth/sign-in-limits";
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
  await signIn("email", { email: parsed.data, redirectTo: safeCallbackPath(form.get("callbackUrl")), redirect: false });
  redirect("/signin/check-email");
}

export async function signInWithProvider(form: FormData): Promise<void> {
  await signIn(String(form.get("provider")), { redirectTo: safeCallbackPath(form.get("callbackUrl")) });
}
