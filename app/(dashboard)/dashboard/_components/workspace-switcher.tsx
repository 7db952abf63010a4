"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { sendJson } from "./send-json";

interface Option {
  id: string;
  name: string;
  role: string;
}

/** Switches the session's current workspace; every page and the session surfaces follow it. */
export function WorkspaceSwitcher({ current, options }: { current: string; options: Option[] }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  async function change(workspaceId: string) {
    const result = await sendJson("POST", "/api/dashboard/workspaces/switch", { workspaceId });
    if (!result.ok) return setError(result.error);
    setError(undefined);
    router.refresh();
  }
  return (
    <div className="switcher">
      <label htmlFor="workspace-switcher">Workspace</label>
      <select id="workspace-switcher" value={current} onChange={(event) => change(event.target.value)}>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name} ({option.role})
          </option>
        ))}
      </select>
      {error ? <p className="form-error" role="alert">{error}</p> : null}
    </div>
  );
}
