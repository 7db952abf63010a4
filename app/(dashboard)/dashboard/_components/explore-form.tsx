"use client";
import { useMemo, useState } from "react";

export interface OperationChoice {
  id: string;
  summary: string;
  path: string;
  credits: number;
  paginated: boolean;
  parameters: string[];
  example: string;
}

interface Chart {
  title: string;
  caption: string[];
  pngBase64: string;
  charged: number;
  columns: string[];
  x: string;
  y: string;
}

interface Quote {
  rows: number;
  pages: number;
  credits: number;
  leftOut: number;
  cap: number;
}

const KINDS = ["bar", "line", "histogram", "scatter"] as const;

/** Picks an operation and its parameters (as the API's query string), then draws or exports it. */
export function ExploreForm({ operations }: { operations: OperationChoice[] }) {
  const [operationId, setOperationId] = useState(operations.find((o) => o.id === "listGames")?.id ?? operations[0].id);
  const operation = operations.find((o) => o.id === operationId)!;
  const [query, setQuery] = useState(operation.example);
  const [kind, setKind] = useState<(typeof KINDS)[number]>("bar");
  const [x, setX] = useState("");
  const [y, setY] = useState("");
  const [chart, setChart] = useState<Chart | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const exportQuery = useMemo(() => new URLSearchParams([...new URLSearchParams(query), ["operation", operationId]]), [query, operationId]);

  function choose(id: string) {
    setOperationId(id);
    setQuery(operations.find((o) => o.id === id)!.example);
    setChart(null);
    setQuote(null);
    setX("");
    setY("");
  }

  async function draw() {
    setBusy(true);
    setError(null);
    const response = await fetch("/api/charts", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ operation: operationId, params: Object.fromEntries(new URLSearchParams(query)), kind, x: x || undefined, y: y || undefined }),
    });
    const body = await response.json();
    setBusy(false);
    if (!response.ok) return setError(body.error?.message ?? `Error ${response.status}`);
    setChart(body.data);
  }

  async function priceExport() {
    setError(null);
    const response = await fetch(`/api/export?${exportQuery}&format=csv&quote=1`);
    const body = await response.json();
    if (!response.ok) return setError(body.error?.message ?? `Error ${response.status}`);
    setQuote(body.data);
  }

  return (
    <>
      <section className="card">
        <h2>Operation</h2>
        <label>
          Operation{" "}
          <select value={operationId} onChange={(event) => choose(event.target.value)}>
            {operations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.summary} ({o.credits} credit{o.credits === 1 ? "" : "s"} a call)
              </option>
            ))}
          </select>
        </label>
        <p className="muted">
          <code>GET /api/v1{operation.path}</code> · parameters: {operation.parameters.join(", ")}
        </p>
        <label>
          Parameters (as a query string){" "}
          <input value={query} onChange={(event) => (setQuery(event.target.value), setQuote(null))} size={60} />
        </label>
      </section>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <section className="card">
        <h2>Chart</h2>
        <label>
          Kind{" "}
          <select value={kind} onChange={(event) => setKind(event.target.value as (typeof KINDS)[number])}>
            {KINDS.map((k) => (
              <option key={k}>{k}</option>
            ))}
          </select>
        </label>{" "}
        <label>
          X field <input value={x} onChange={(event) => setX(event.target.value)} placeholder={chart?.x ?? "default"} list="chart-columns" />
        </label>{" "}
        <label>
          Y field <input value={y} onChange={(event) => setY(event.target.value)} placeholder={chart?.y ?? "default"} list="chart-columns" />
        </label>
        <datalist id="chart-columns">{chart?.columns.map((c) => <option key={c} value={c} />)}</datalist>{" "}
        <button type="button" onClick={draw} disabled={busy}>
          {busy ? "Drawing…" : `Draw chart (${operation.credits} credit${operation.credits === 1 ? "" : "s"})`}
        </button>
        {chart && (
          <figure className="chart-figure">
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={`data:image/png;base64,${chart.pngBase64}`} alt={chart.title} width={1200} height={675} style={{ maxWidth: "100%", height: "auto" }} />
            <figcaption>
              {chart.caption.map((line) => (
                <div key={line}>{line}</div>
              ))}
              <div>Charged: {chart.charged} credit{chart.charged === 1 ? "" : "s"}.</div>
            </figcaption>
            <a href={`data:image/png;base64,${chart.pngBase64}`} download={`ludex-${operationId}-${kind}.png`}>
              Download PNG
            </a>
          </figure>
        )}
      </section>
      <section className="card">
        <h2>Export</h2>
        <button type="button" onClick={priceExport}>
          Price the export (reads the first page: one page's credits)
        </button>
        {quote && (
          <div>
            <p data-testid="export-quote">
              {quote.rows.toLocaleString("en-US")} rows in {quote.pages} page{quote.pages === 1 ? "" : "s"}: {quote.credits} credit
              {quote.credits === 1 ? "" : "s"}.{quote.leftOut > 0 ? ` ${quote.leftOut.toLocaleString("en-US")} rows beyond the cap of ${quote.cap.toLocaleString("en-US")} are left out.` : ""}
            </p>
            <a className="button" href={`/api/export?${exportQuery}&format=csv`} download>
              Download CSV
            </a>{" "}
            <a className="button" href={`/api/export?${exportQuery}&format=xlsx`} download>
              Download XLSX
            </a>
          </div>
        )}
      </section>
    </>
  );
}
