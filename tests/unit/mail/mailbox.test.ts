import { afterEach, describe, expect, it } from "vitest";
import { mailboxEnabled, mailConfigured } from "@/lib/mail/send-mail";
import { welcomeGrantPolicy } from "@/lib/workspaces/welcome-grant";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

describe("where mail goes", () => {
  it("keeps mail in the development mailbox outside production", () => {
    delete process.env.LUDEX_ENV;
    delete process.env.VERCEL_ENV;
    delete process.env.LUDEX_SMTP_URL;
    expect(mailboxEnabled()).toBe(true);
    expect(mailConfigured()).toBe(true);
  });

  it("has no mailbox in production, and needs SMTP there to send sign-in links", () => {
    process.env.LUDEX_ENV = "production";
    delete process.env.LUDEX_SMTP_URL;
    expect(mailboxEnabled()).toBe(false);
    expect(mailConfigured()).toBe(false);
    process.env.LUDEX_SMTP_URL = "smtp://mail.example:587";
    expect(mailConfigured()).toBe(true);
    delete process.env.LUDEX_ENV;
    process.env.VERCEL_ENV = "production";
    expect(mailboxEnabled()).toBe(false);
  });
});

describe("the welcome grant", () => {
  it("gives 14 days and 500 credits by default outside production, nothing in production unless configured", () => {
    delete process.env.LUDEX_ENV;
    delete process.env.LUDEX_WELCOME_GRANT_DAYS;
    delete process.env.LUDEX_WELCOME_GRANT_CREDITS;
    expect(welcomeGrantPolicy()).toEqual({ days: 14, credits: 500 });
    process.env.LUDEX_ENV = "production";
    expect(welcomeGrantPolicy()).toBeNull();
    process.env.LUDEX_WELCOME_GRANT_DAYS = "7";
    process.env.LUDEX_WELCOME_GRANT_CREDITS = "100";
    expect(welcomeGrantPolicy()).toEqual({ days: 7, credits: 100 });
    process.env.LUDEX_WELCOME_GRANT_DAYS = "0";
    expect(welcomeGrantPolicy()).toBeNull();
  });
});
