"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sendJson } from "./send-json";

export function CreateWorkspaceForm() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function submit(form: FormData) {
    setPending(true);
    const result = await sendJson("POST", "/api/dashboard/workspaces", { name: String(form.get("name") ?? "") });
    setPending(false);
    if (!result.ok) return setError(result.error);
    setError(undefined);
    router.push("/dashboard");
    router.refresh();
  }
  return (
    <form action={submit} className="inline-form">
      <label htmlFor="new-workspace-name">New workspace name</label>
      <input id="new-workspace-name" name="name" required maxLength={64} placeholder="Acme Games" />
      <button type="submit" className="button" disabled={pending}>Create workspace</button>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
    </form>
  );
}
