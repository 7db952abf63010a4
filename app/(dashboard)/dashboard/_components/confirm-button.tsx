"use client";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { sendJson } from "./send-json";

/**
 * A destructive action behind a confirmation dialog (revoke a key, remove a member): the request is sent
 * only after the user confirms, then the page reloads its data.
 */
export function ConfirmButton(props: { label: string; title: string; message: string; confirmLabel: string; method: string; url: string; body?: unknown; after?: string }) {
  const router = useRouter();
  const dialog = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  async function confirm() {
    setPending(true);
    const result = await sendJson(props.method, props.url, props.body);
    setPending(false);
    if (!result.ok) return setError(result.error);
    dialog.current?.close();
    if (props.after) router.push(props.after);
    router.refresh();
  }
  return (
    <>
      <button type="button" className="button small danger" onClick={() => { setError(undefined); dialog.current?.showModal(); }}>
        {props.label}
      </button>
      <dialog ref={dialog} className="dialog" aria-labelledby={`${props.url}-title`}>
        <h2 id={`${props.url}-title`}>{props.title}</h2>
        <p>{props.message}</p>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
        <div className="actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>Cancel</button>
          <button type="button" className="button danger" onClick={confirm} disabled={pending}>{props.confirmLabel}</button>
        </div>
      </dialog>
    </>
  );
}
