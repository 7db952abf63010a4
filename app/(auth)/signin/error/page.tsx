export const metadata = { title: "Sign-in problem · Ludex" };

const MESSAGES: Record<string, string> = {
  Verification: "This sign-in link has expired or was already used. Ask for a new one.",
  AccessDenied: "Access was denied.",
  OAuthAccountNotLinked: "That address already signs in another way. Use the method you used before.",
  Configuration: "Sign-in is not configured correctly on this server.",
  EmailSignin: "The sign-in mail could not be sent. Try again in a moment.",
  RateLimited: "Too many sign-in links were asked for. Wait a few minutes and try again.",
};

export default async function SignInErrorPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const { error } = await searchParams;
  return (
    <>
      <h1>Could not sign you in</h1>
      <p role="alert">{MESSAGES[error ?? ""] ?? "Something went wrong while signing in. Try again."}</p>
      <p><a className="button primary" href="/signin">Back to sign-in</a></p>
    </>
  );
}
