import { redirect } from "next/navigation";
import { signInProviders } from "@/lib/auth/auth";
import { safeCallbackPath } from "@/lib/session/callback-path";
import { pageSession } from "@/lib/session/page-session";
import { signInWithProvider } from "./actions";
import { EmailSignInForm } from "./email-form";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Sign in · Ludex" };

async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const query = await searchParams;
  const callbackUrl = safeCallbackPath(query.callbackUrl);
  if (await pageSession()) redirect(callbackUrl);
  const providers = signInProviders();
  const oauth = providers.filter((provider) => provider.id !== "email");
  return (
    <>
      <h1>Sign in to Ludex</h1>
      <p className="muted">New here? Signing in creates your account and a workspace with trial credits.</p>
      {providers.some((provider) => provider.id === "email") ? (
        <EmailSignInForm callbackUrl={callbackUrl} />
      ) : (
        <p className="form-error">Email sign-in is not configured on this server.</p>
      )}
      {oauth.length > 0 ? (
        <div className="stack oauth">
          <p className="divider">or</p>
          {oauth.map((provider) => (
            <form key={provider.id} action={signInWithProvider}>
              <input type="hidden" name="provider" value={provider.id} />
              <input type="hidden" name="callbackUrl" value={callbackUrl} />
              <button type="submit" className="button">Continue with {provider.name}</button>
            </form>
          ))}
        </div>
      ) : null}
    </>
  );
}

export default outageAware(SignInPage);
