"use client";

import { useState } from "react";

export interface TryItParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
}

/** Sends a real request to this server and shows the envelope, so the reference doubles as a console. */
export function TryIt({ path, parameters, example = {} }: { path: string; parameters: TryItParameter[]; example?: Record<string, string> }) {
  const [values, setValues] = useState<Record<string, string>>(example);
  const [token, setToken] = useState("");
  const [result, setResult] = useState<{ status: number; body: string } | null>(null);

  async function send() {
    let url = `/api/v1${path}`;
    const query = new URLSearchParams();
    for (const p of parameters) {
      const value = values[p.name]?.trim();
      if (!value) continue;
      if (p.in === "path") url = url.replace(`{${p.name}}`, encodeURIComponent(value));
      else query.set(p.name, value);
    }
    const qs = query.toString();
    const response = await fetch(qs ? `${url}?${qs}` : url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    const text = await response.text();
    let body = text;
    try {
      body = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON: show as is
    }
    setResult({ status: response.status, body });
  }

  return (
    <details className="try-it">
      <summary>Try it</summary>
      <table>
        <tbody>
          <tr>
            <td>Bearer token</td>
            <td><input value={token} placeholder="optional: ldx_..." onChange={(e) => setToken(e.target.value)} /></td>
          </tr>
          {parameters.map((p) => (
            <tr key={p.name}>
              <td><code>{p.name}</code>{p.required ? " *" : ""}</td>
              <td>
                <input
                  aria-label={p.name}
                  value={values[p.name] ?? ""}
                  onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={send}>Send</button>
      {result && (
        <>
          <p className={result.status < 400 ? "status-ok" : "status-error"}>HTTP {result.status}</p>
          <pre data-testid="try-it-response">{result.body}</pre>
        </>
      )}
    </details>
  );
}
