import { COST_CLASS_LABELS, type CostClass } from "@/lib/api/operation";
import { ApiError } from "@/lib/api/api-error";
import { credentialLabels } from "@/lib/metering/credential-labels";
import { creditsPerDay, usageByAgent, usageByCredential } from "@/lib/metering/usage-report";
import { readLedger } from "@/lib/metering/usage-ledger";
import { workspaceStatus } from "@/lib/metering/workspace-status";
import { formatDateTime, formatNumber } from "@/lib/session/format";
import { requirePageSession } from "@/lib/session/page-session";
import { ledgerFilterFrom } from "@/lib/session/usage-csv";
import { CreditsChart } from "../_components/credits-chart";
import { NoWorkspace } from "../_components/no-workspace";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Usage · Ludex" };

const PAGE_SIZE = 50;

/** Credits, their breakdowns and the itemised ledger: the same figures as GET /status and GET /usage. */
async function UsagePage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const session = await requirePageSession("/dashboard/usage");
  if (!session.workspace) return <NoWorkspace />;
  const query = new URLSearchParams(Object.entries(await searchParams).filter((e): e is [string, string] => typeof e[1] === "string"));
  let filter;
  try {
    filter = ledgerFilterFrom(session.workspace.id, query);
  } catch (error) {
    return <p className="form-error" role="alert">{error instanceof ApiError ? error.message : "Bad filter."}</p>;
  }
  const offset = Math.max(0, Math.min(10_000_000, Number.parseInt(query.get("offset") ?? "0", 10) || 0));
  const [status, days, byCredential, byAgent, ledger] = await Promise.all([
    workspaceStatus(session.workspace.id),
    creditsPerDay(session.workspace.id, filter.period),
    usageByCredential(session.workspace.id, filter.period),
    usageByAgent(session.workspace.id, filter.period),
    readLedger(filter, { offset, limit: PAGE_SIZE }),
  ]);
  const labels = await credentialLabels(
    [...new Set([...byCredential, ...byAgent, ...ledger.rows].flatMap((l) => (l.tokenId ? [l.tokenId] : [])))],
    [...new Set([...byCredential.flatMap((l) => (l.userId ? [l.userId] : [])), ...ledger.rows.flatMap((r) => (r.userId ? [r.userId] : []))])],
  );
  const labelOf = (row: { tokenId: string | null; userId: string | null }) =>
    (row.tokenId ? labels.get(row.tokenId) : row.userId ? labels.get(row.userId) : undefined) ?? row.tokenId ?? "dashboard";
  const agentOf = (line: { clientId: string | null; clientName: string | null; tokenId: string | null }) =>
    line.clientId ? (line.clientName ?? line.clientId) : `${labelOf({ tokenId: line.tokenId, userId: null })}, API key`;
  const { credits } = status;
  const csvQuery = new URLSearchParams(Object.entries({ period: filter.period, tokenId: filter.tokenId, clientId: filter.clientId, operation: filter.operation, status: filter.status }).filter((e): e is [string, string] => Boolean(e[1])));
  const pageLink = (to: number) => `?${new URLSearchParams({ ...Object.fromEntries(csvQuery), offset: String(to) })}`;
  return (
    <>
      <h1>Usage</h1>
      <p className="muted">Billing period {filter.period} (UTC). Refunded calls (failed on validation, not found, or on our side) cost nothing.</p>
      <div className="cards">
        <Figure label="Used" value={credits.used} testId="usage-used" />
        <Figure label="Remaining" value={credits.remaining} testId="usage-remaining" />
        <Figure label="Allowance" value={credits.allowance} testId="usage-allowance" />
        <section className="card">
          <h2>Resets</h2>
          <p className="figure small-figure">{formatDateTime(credits.resetsAt)}</p>
        </section>
      </div>
      <section className="card" aria-labelledby="per-day-heading">
        <h2 id="per-day-heading">Credits per day</h2>
        <CreditsChart days={days} />
        <details>
          <summary>As a table</summary>
          <table>
            <thead><tr><th scope="col">Day (UTC)</th><th scope="col">Calls</th><th scope="col">Credits</th></tr></thead>
            <tbody>{days.filter((d) => d.calls > 0).map((d) => <tr key={d.day}><td>{d.day}</td><td>{d.calls}</td><td>{d.credits}</td></tr>)}</tbody>
          </table>
        </details>
      </section>
      <div className="cards">
        <Breakdown title="By cost class" testId="by-cost-class" rows={Object.entries(credits.byCostClass).map(([k, v]) => [COST_CLASS_LABELS[k as CostClass] ?? k, v])} />
        <Breakdown title="By operation" testId="by-operation" rows={Object.entries(credits.byOperation).map(([k, v]) => [k, v])} />
        <Breakdown title="By key or credential" testId="by-credential" rows={byCredential.map((line) => [labelOf(line), line])} />
        <Breakdown title="By agent (MCP)" testId="by-agent" rows={byAgent.map((line) => [agentOf(line), line])} />
      </div>
      <section className="card" aria-labelledby="ledger-heading">
        <div className="page-head">
          <h2 id="ledger-heading">Ledger</h2>
          <a className="button small" href={`/api/dashboard/usage.csv?${csvQuery}`} download>Download CSV</a>
        </div>
        <form className="filters" method="get">
          <input type="hidden" name="period" value={filter.period} />
          <label>Key or credential
            <select name="tokenId" defaultValue={filter.tokenId ?? ""}>
              <option value="">All</option>
              {byCredential.filter((l) => l.tokenId).map((l) => <option key={l.tokenId} value={l.tokenId!}>{labelOf(l)}</option>)}
            </select>
          </label>
          <label>Agent (MCP)
            <select name="clientId" defaultValue={filter.clientId ?? ""}>
              <option value="">All</option>
              {byAgent.filter((l) => l.clientId).map((l) => <option key={l.clientId} value={l.clientId!}>{agentOf(l)}</option>)}
            </select>
          </label>
          <label>Operation
            <select name="operation" defaultValue={filter.operation ?? ""}>
              <option value="">All</option>
              {Object.keys(credits.byOperation).map((op) => <option key={op} value={op}>{op}</option>)}
            </select>
          </label>
          <label>Status
            <select name="status" defaultValue={filter.status ?? ""}>
              <option value="">All</option>
              <option value="charged">charged</option>
              <option value="refunded">refunded</option>
            </select>
          </label>
          <button type="submit" className="button small">Filter</button>
        </form>
        <p className="small muted" data-testid="ledger-total">{formatNumber(ledger.total)} calls</p>
        <div className="table-scroll">
          <table data-testid="ledger">
            <thead>
              <tr><th scope="col">Time (UTC)</th><th scope="col">Operation</th><th scope="col">Class</th><th scope="col">Credits</th><th scope="col">Status</th><th scope="col">Paid by</th><th scope="col">Request</th></tr>
            </thead>
            <tbody>
              {ledger.rows.map((row) => (
                <tr key={row.requestId}>
                  <td>{formatDateTime(row.createdAt)}</td>
                  <td><code>{row.operation}</code>{row.surface !== "rest" ? <span className="pill">{row.surface}</span> : null}</td>
                  <td>{COST_CLASS_LABELS[row.costClass as CostClass] ?? row.costClass}</td>
                  <td>{row.credits}</td>
                  <td className={row.status === "refunded" ? "muted" : undefined}>{row.status}{row.httpStatus && row.httpStatus !== 200 ? ` (${row.httpStatus})` : ""}</td>
                  <td>{labelOf(row)}{row.clientId ? <span className="pill" data-testid="ledger-agent">{row.clientName ?? row.clientId}</span> : null}</td>
                  <td><code className="small">{row.requestId}</code></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav className="pager" aria-label="Ledger pages">
          {offset > 0 ? <a href={pageLink(Math.max(0, offset - PAGE_SIZE))}>Newer</a> : <span />}
          {offset + PAGE_SIZE < ledger.total ? <a href={pageLink(offset + PAGE_SIZE)}>Older</a> : null}
        </nav>
      </section>
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <section className="card">
      <h2>{label}</h2>
      <p className="figure" data-testid={testId}>{formatNumber(value)}</p>
    </section>
  );
}

function Breakdown({ title, rows, testId }: { title: string; rows: [string, { calls: number; credits: number }][]; testId: string }) {
  return (
    <section className="card">
      <h2>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">No charged calls this period.</p>
      ) : (
        <table data-testid={testId}>
          <thead><tr><th scope="col">Name</th><th scope="col">Calls</th><th scope="col">Credits</th></tr></thead>
          <tbody>{rows.map(([name, line]) => <tr key={name}><td>{name}</td><td>{formatNumber(line.calls)}</td><td>{formatNumber(line.credits)}</td></tr>)}</tbody>
        </table>
      )}
    </section>
  );
}

export default outageAware(UsagePage);
