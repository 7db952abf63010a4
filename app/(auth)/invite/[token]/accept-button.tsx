"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";

export function AcceptInvitationButton({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  async function accept() {
    const response = await fetch("/api/dashboard/invitations/accept", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
    if (response.ok) return router.push("/dashboard");
    const body = await response.json().catch(() => ({}));
    setError(body?.error?.message ?? "The invitation could not be accepted.");
  }
  return (
    <>
      <button type="button" className="button primary" onClick={accept}>Accept invitation</button>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
    </>
  );
}
