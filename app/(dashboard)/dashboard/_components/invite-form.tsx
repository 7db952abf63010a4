"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sendJson } from "./send-json";

export function InviteForm() {
  const router = useRouter();
  const [message, setMessage] = useState<{ error?: string; sent?: string }>({});
  const [pending, setPending] = useState(false);
  async function submit(form: FormData) {
    setPending(true);
    const email = String(form.get("email") ?? "");
    const result = await sendJson("POST", "/api/dashboard/members", { email, role: String(form.get("role") ?? "member") });
    setPending(false);
    if (!result.ok) return setMessage({ error: result.error });
    setMessage({ sent: `Invitation sent to ${email}.` });
    router.refresh();
  }
  return (
    <form action={submit} className="inline-form">
      <label htmlFor="invite-email">Email</label>
      <input id="invite-email" name="email" type="email" required placeholder="colleague@studio.com" />
      <label htmlFor="invite-role">Role</label>
      <select id="invite-role" name="role" defaultValue="member">
        <option value="member">Member</option>
        <option value="owner">Owner</option>
      </select>
      <button type="submit" className="button primary" disabled={pending}>Invite</button>
      {message.error ? <p className="form-error" role="alert">{message.error}</p> : null}
      {message.sent ? <p className="ok" role="status">{message.sent}</p> : null}
    </form>
  );
}
