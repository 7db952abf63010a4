import { newId } from "../access/ids";
import { configuredPublicUrl, isProductionDeployment } from "../config/deployment";
import { getPrisma } from "../db/prisma-client";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** the one link the mail is about, listed as a link in the development mailbox */
  link?: string;
}

/**
 * Sends through SMTP when LUDEX_SMTP_URL is set; otherwise, outside production, keeps the mail in the
 * outbox that /dev/mailbox lists (nothing leaves the machine). A production deployment without SMTP
 * cannot send mail, and says so rather than pretending. Mail bodies hold sign-in links: never logged.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  if (process.env.LUDEX_SMTP_URL) return sendSmtp(mail);
  if (isProductionDeployment()) {
    throw new Error("Mail is not configured: set LUDEX_SMTP_URL (and LUDEX_MAIL_FROM) to send sign-in links.");
  }
  await getPrisma().mailMessage.create({ data: { id: newId("mail"), to: mail.to, subject: mail.subject, text: mail.text, link: mail.link ?? null } });
}

/** Whether sign-in by email link can work here: SMTP, or the development outbox. */
export function mailConfigured(): boolean {
  return Boolean(process.env.LUDEX_SMTP_URL) || !isProductionDeployment();
}

/** The development mailbox exists only outside production. */
export function mailboxEnabled(): boolean {
  return !isProductionDeployment();
}

export async function listOutbox(limit = 50) {
  return getPrisma().mailMessage.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit });
}

async function sendSmtp(mail: OutgoingMail): Promise<void> {
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(process.env.LUDEX_SMTP_URL);
  await transport.sendMail({ from: mailFrom(), to: mail.to, subject: mail.subject, text: mail.text });
}

function mailFrom(): string {
  if (process.env.LUDEX_MAIL_FROM) return process.env.LUDEX_MAIL_FROM;
  const host = configuredPublicUrl() ? new URL(configuredPublicUrl()!).hostname : "localhost";
  return `Ludex <no-reply@${host}>`;
}
