import { SIGN_IN_LINK_MINUTES } from "@/lib/auth/auth";
import { mailboxEnabled } from "@/lib/mail/send-mail";

export const metadata = { title: "Check your email · Ludex" };
// Whether this server has a development mailbox is read at request time, not at build.
export const dynamic = "force-dynamic";

export default function CheckEmailPage() {
  return (
    <>
      <h1>Check your email</h1>
      <p>
        A sign-in link is on its way. It works once and expires in {SIGN_IN_LINK_MINUTES} minutes. You can close this tab.
      </p>
      {mailboxEnabled() ? (
        <p className="note">
          This server does not send mail: open the <a href="/dev/mailbox">development mailbox</a> to find the link.
        </p>
      ) : null}
      <p><a href="/signin">Use another address</a></p>
    </>
  );
}
