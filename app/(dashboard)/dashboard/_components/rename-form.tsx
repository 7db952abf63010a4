"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sendJson } from "./send-json";

export function RenameForm({ name, disabled }: { name: string; disabled: boolean }) {
  const router = useRouter();
  const [message, setMessage] = useState<{ error?: string; saved?: boolean }>({});
  async function submit(form: FormData) {
    const result = await sendJson("PATCH", "/api/dashboard/workspaces/current", { name: String(form.get("name") ?? "") });
    if (!result.ok) return setMessage({ error: result.error });
    setMessage({ saved: true });
    router.refresh();
  }
  return (
    <form action={submit} className="inline-form">
      <label htmlFor="workspace-name">Workspace name</label>
      <input id="workspace-name" name="name" defaultValue={name} required maxLength={64} disabled={disabled} />
      <button type="submit" className="button" disabled={disabled}>Rename</button>
      {disabled ? <p className="small muted">Only owners can rename the workspace.</p> : null}
      {message.error ? <p className="form-error" role="alert">{message.error}</p> : null}
      {message.saved ? <p className="ok" role="status">Saved.</p> : null}
    </form>
  );
}
