"use client";
import { useActionState } from "react";
import { requestSignInLink, type SignInState } from "./actions";

/** The email field and its button; errors show under the field and are announced. */
export function EmailSignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(requestSignInLink, {});
  return (
    <form action={action} className="stack" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <label htmlFor="email">Email</label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="email"
        required
        defaultValue={state.email}
        aria-invalid={state.error ? true : undefined}
        aria-describedby={state.error ? "email-error" : undefined}
        placeholder="you@studio.com"
      />
      {state.error ? (
        <p id="email-error" className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {pending ? "Sending…" : "Email me a sign-in link"}
      </button>
    </form>
  );
}
