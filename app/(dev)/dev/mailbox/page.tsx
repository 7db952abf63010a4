import { notFound } from "next/navigation";
import { listOutbox, mailboxEnabled } from "@/lib/mail/send-mail";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Development mailbox · Ludex" };
export const dynamic = "force-dynamic";

/** Outside production, mail stays in the outbox: this lists it, newest first, with each mail's link. */
async function MailboxPage() {
  if (!mailboxEnabled()) notFound();
  const messages = await listOutbox(50);
  return (
    <main id="content" className="page">
      <h1>Development mailbox</h1>
      <p className="muted">
        This server sends no mail: sign-in links and invitations land here (newest first). In production, mail goes out
        through SMTP and this page does not exist.
      </p>
      {messages.length === 0 ? <p>No mail yet.</p> : null}
      <ol className="mailbox">
        {messages.map((message) => (
          <li key={message.id} className="card">
            <p className="mail-meta">
              <strong>To:</strong> {message.to} · <time dateTime={message.createdAt.toISOString()}>{message.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC</time>
            </p>
            <h2 className="mail-subject">{message.subject}</h2>
            {message.link ? (
              <p>
                <a href={message.link} className="mail-link">{message.subject.startsWith("You are invited") ? "Accept the invitation" : "Sign in"}</a>
              </p>
            ) : null}
            <pre className="mail-text">{message.text}</pre>
          </li>
        ))}
      </ol>
    </main>
  );
}

export default outageAware(MailboxPage);
