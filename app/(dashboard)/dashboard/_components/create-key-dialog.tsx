"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { CopyButton } from "./copy-button";
import { sendJson } from "./send-json";

const EXPIRIES = [
  { value: "", label: "Never" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
];

interface CreatedKey {
  id: string;
  name: string | null;
  secret: string;
  expiresAt: string | null;
}

/**
 * Creates an API key. Its secret comes back once and lives only in this component's state until the
 * dialog closes: the server keeps its hash, and no page can show it again.
 */
export function CreateKeyDialog({ scopes }: { scopes: readonly string[] }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [created, setCreated] = useState<CreatedKey>();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  function open() {
    setCreated(undefined);
    setError(undefined);
    dialog.current?.showModal();
  }
  function close() {
    dialog.current?.close();
    setCreated(undefined);
    router.refresh();
  }
  async function submit(form: FormData) {
    setPending(true);
    const expiry = String(form.get("expiresInDays") ?? "");
    const result = await sendJson<CreatedKey>("POST", "/api/dashboard/keys", {
      name: String(form.get("name") ?? ""),
      scopes: form.getAll("scopes").map(String),
      expiresInDays: expiry ? Number(expiry) : null,
    });
    setPending(false);
    if (!result.ok) return setError(result.error);
    setError(undefined);
    setCreated(result.data);
  }

  return (
    <>
      <button type="button" className="button primary" onClick={open}>Create API key</button>
      <dialog ref={dialog} className="dialog" aria-labelledby="create-key-title" onClose={() => setCreated(undefined)}>
        {created ? (
          <div className="stack">
            <h2 id="create-key-title">Save your API key</h2>
            <p className="warn" role="alert">
              This is the only time the key is shown. Store it in your secrets manager now: if you lose it, revoke it and
              create another.
            </p>
            <label htmlFor="new-key-secret">API key {created.name ? `"${created.name}"` : ""}</label>
            <div className="secret-row">
              <input id="new-key-secret" readOnly value={created.secret} data-testid="new-key-secret" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton text={created.secret} />
            </div>
            <p className="small muted">{created.expiresAt ? `Expires ${created.expiresAt.slice(0, 10)}.` : "Does not expire."}</p>
            <div className="actions">
              <button type="button" className="button primary" onClick={close}>Done</button>
            </div>
          </div>
        ) : (
          <form action={submit} className="stack">
            <h2 id="create-key-title">Create API key</h2>
            <label htmlFor="key-name">Name</label>
            <input id="key-name" name="name" required maxLength={64} placeholder="CI pipeline" autoFocus />
            <fieldset>
              <legend>Scopes</legend>
              {scopes.map((scope) => (
                <label key={scope} className="check">
                  <input type="checkbox" name="scopes" value={scope} defaultChecked /> <code>{scope}</code>
                </label>
              ))}
            </fieldset>
            <label htmlFor="key-expiry">Expires</label>
            <select id="key-expiry" name="expiresInDays" defaultValue="">
              {EXPIRIES.map((option) => (
                <option key={option.value} value={option.value}>{option.label}</option>
              ))}
            </select>
            {error ? <p className="form-error" role="alert">{error}</p> : null}
            <div className="actions">
              <button type="button" className="button" onClick={() => dialog.current?.close()}>Cancel</button>
              <button type="submit" className="button primary" disabled={pending}>{pending ? "Creating…" : "Create key"}</button>
            </div>
          </form>
        )}
      </dialog>
    </>
  );
}
