"use client";
import { useState } from "react";

interface Props {
  userCode: string;
  workspaces: { id: string; name: string }[];
  current: string | null;
}

/** Approve for a workspace, or deny; the answer goes to the session endpoint (same-origin only). */
export function ApproveLoginForm({ userCode, workspaces, current }: Props) {
  const [workspaceId, setWorkspaceId] = useState(current ?? workspaces[0]?.id ?? "");
  const [done, setDone] = useState<"approved" | "denied">();
  const [error, setError] = useState<string>();
  async function decide(decision: "approve" | "deny") {
    setError(undefined);
    const response = await fetch("/api/cli/approve", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userCode, decision, workspaceId: decision === "approve" ? workspaceId : undefined }),
    }).catch(() => null);
    const body = await response?.json().catch(() => ({}));
    if (response?.ok) return setDone(body.decision);
    setError(body?.error?.message ?? "The server could not be reached.");
  }
  if (done === "approved") return <p role="status" className="ok">Approved. The CLI is logged in: return to your terminal.</p>;
  if (done === "denied") return <p role="status">Denied. The CLI was not given access.</p>;
  if (workspaces.length === 0) return <p className="warn" role="alert">You are not a member of any workspace; create one in the dashboard first.</p>;
  return (
    <div className="stack">
      <label htmlFor="workspace">Workspace</label>
      <select id="workspace" value={workspaceId} onChange={(event) => setWorkspaceId(event.target.value)}>
        {workspaces.map((w) => (
          <option key={w.id} value={w.id}>{w.name}</option>
        ))}
      </select>
      <div className="actions">
        <button type="button" className="button primary" onClick={() => decide("approve")}>Approve</button>
        <button type="button" className="button" onClick={() => decide("deny")}>Deny</button>
      </div>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
    </div>
  );
}
