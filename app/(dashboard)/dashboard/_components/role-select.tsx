"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sendJson } from "./send-json";

export function RoleSelect({ userId, role, email }: { userId: string; role: string; email: string }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  async function change(next: string) {
    const result = await sendJson("PATCH", `/api/dashboard/members/${userId}`, { role: next });
    if (!result.ok) return setError(result.error);
    setError(undefined);
    router.refresh();
  }
  return (
    <>
      <select aria-label={`Role of ${email}`} value={role} onChange={(event) => change(event.target.value)}>
        <option value="owner">Owner</option>
        <option value="member">Member</option>
      </select>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
    </>
  );
}
