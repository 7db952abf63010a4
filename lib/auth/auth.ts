import NextAuth, { type NextAuthConfig } from "next-auth";
import GitHub from "next-auth/providers/github";
import Google from "next-auth/providers/google";
import type { EmailConfig } from "next-auth/providers";
import { configuredPublicUrl, isProductionDeployment } from "../config/deployment";
import { mailConfigured, sendMail } from "../mail/send-mail";
import { ludexAdapter } from "./auth-adapter";

// Auth.js reads its public origin from AUTH_URL; LUDEX_PUBLIC_URL names the same origin for the whole app.
if (!process.env.AUTH_URL && process.env.LUDEX_PUBLIC_URL) process.env.AUTH_URL = process.env.LUDEX_PUBLIC_URL;

/** A sign-in link works once and for this long. */
export const SIGN_IN_LINK_MINUTES = 10;
/** A browser session lasts this long; CLI credentials it issued end with it at the latest. */
export const SESSION_DAYS = 30;

const emailProvider: EmailConfig = {
  id: "email",
  type: "email",
  name: "Email",
  maxAge: SIGN_IN_LINK_MINUTES * 60,
  options: {},
  async sendVerificationRequest({ identifier, url }) {
    await sendMail({
      to: identifier,
      subject: "Your Ludex sign-in link",
      text: [
        "Sign in to Ludex with this link:",
        "",
        url,
        "",
        `It works once and expires in ${SIGN_IN_LINK_MINUTES} minutes. If you did not ask for it, ignore this mail.`,
      ].join("\n"),
      link: url,
    });
  },
};

/** The providers this deployment offers: email links where mail works, GitHub and Google when configured. */
export function signInProviders(): { id: string; name: string }[] {
  return providers().map((provider) => {
    const resolved = typeof provider === "function" ? provider() : provider;
    return { id: resolved.id, name: resolved.name };
  });
}

function providers(): NextAuthConfig["providers"] {
  const list: NextAuthConfig["providers"] = [];
  if (mailConfigured()) list.push(emailProvider);
  if (process.env.AUTH_GITHUB_ID && process.env.AUTH_GITHUB_SECRET) list.push(GitHub);
  if (process.env.AUTH_GOOGLE_ID && process.env.AUTH_GOOGLE_SECRET) list.push(Google);
  return list;
}

/**
 * Auth.js, with database sessions in our tables (lib/auth/auth-adapter.ts). The host of a request is
 * trusted for links only outside production; a production deployment names its URL (AUTH_URL or
 * LUDEX_PUBLIC_URL), so a forged Host header cannot send someone a sign-in link to another site.
 */
export const { handlers, signIn, signOut } = NextAuth(() => ({
  adapter: ludexAdapter(),
  providers: providers(),
  session: { strategy: "database", maxAge: SESSION_DAYS * 86_400, updateAge: 86_400 },
  pages: { signIn: "/signin", verifyRequest: "/signin/check-email", error: "/signin/error" },
  trustHost: !isProductionDeployment() || Boolean(configuredPublicUrl()) || process.env.VERCEL === "1",
  secret: process.env.AUTH_SECRET,
  logger: {
    // Auth.js logs requests' details on errors; keep only the kind of error, never links or tokens.
    error: (error: Error) => console.error(`[auth] ${error.name}: ${error.message.split("\n")[0]}`),
    warn: (code: string) => console.warn(`[auth] ${code}`),
  },
}));
