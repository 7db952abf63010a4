import { headers } from "next/headers";
import { requirePageSession } from "@/lib/session/page-session";
import { formatDate, formatDateTime, formatNumber } from "@/lib/session/format";
import { workspaceStatus } from "@/lib/metering/workspace-status";
import { CatalogFreshness } from "./_components/catalog-freshness";
import { NoWorkspace } from "./_components/no-workspace";
import { outageAware } from "@/lib/session/outage-page";

export const metadata = { title: "Overview · Ludex" };

/** Plan, grants and credits at a glance, and the first call to make. */
async function OverviewPage() {
  const session = await requirePageSession("/dashboard");
  if (!session.workspace) return <NoWorkspace />;
  const status = await workspaceStatus(session.workspace.id);
  const { credits } = status;
  const usedShare = credits.allowance > 0 ? Math.min(1, credits.used / credits.allowance) : 0;
  const host = (await headers()).get("host") ?? "localhost:3000";
  return (
    <>
      <h1>{status.name}</h1>
      <div className="cards">
        <section className="card" aria-labelledby="plan-heading">
          <h2 id="plan-heading">Plan</h2>
          <p className="figure">{status.plan.name}</p>
          <p className={status.apiAccess ? "ok" : "warn"}>{accessLine(status)}</p>
          <p className="muted small">Plans change through Ludex (the operator's admin command); grants add access and credits for a time.</p>
        </section>
        <section className="card" aria-labelledby="credits-heading">
          <h2 id="credits-heading">Credits this month</h2>
          <p className="figure" data-testid="credits-used">
            {formatNumber(credits.used)} <span className="muted">of {formatNumber(credits.allowance)}</span>
          </p>
          <div className="meter" role="meter" aria-label="Credits used" aria-valuemin={0} aria-valuemax={credits.allowance} aria-valuenow={credits.used}>
            <div style={{ width: `${(usedShare * 100).toFixed(1)}%` }} />
          </div>
          <p className="small">
            {formatNumber(credits.remaining)} remaining · resets {formatDateTime(credits.resetsAt)}
          </p>
          <p className="small"><a href="/dashboard/usage">See usage</a></p>
        </section>
      </div>
      <section className="card" aria-labelledby="grants-heading">
        <h2 id="grants-heading">Grants in force</h2>
        {status.grants.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <div className="table-scroll">
          <table>
            <thead>
              <tr><th scope="col">Credits</th><th scope="col">API access</th><th scope="col">From</th><th scope="col">Until</th><th scope="col">Note</th></tr>
            </thead>
            <tbody>
              {status.grants.map((grant) => (
                <tr key={grant.id}>
                  <td>{formatNumber(grant.credits)}</td>
                  <td>{grant.apiAccess ? "yes" : "no"}</td>
                  <td>{formatDate(grant.startsAt)}</td>
                  <td>{formatDate(grant.endsAt)}</td>
                  <td>{grant.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
      </section>
      <CatalogFreshness />
      <section className="card" aria-labelledby="start-heading">
        <h2 id="start-heading">First call</h2>
        <p>
          <a href="/dashboard/keys">Create an API key</a>, then:
        </p>
        <pre>{`curl -H "Authorization: Bearer $LUDEX_KEY" "http://${host}/api/v1/games?tags=rogue-like&sort=-reviews&limit=5"`}</pre>
        <p className="small">
          Rate limit {status.rateLimit.requests} requests per {status.rateLimit.windowSeconds} s. <a href="/docs">All operations</a>.
        </p>
      </section>
    </>
  );
}

/** Where API access comes from: the plan, a grant (until when), or nowhere yet. */
function accessLine(status: Awaited<ReturnType<typeof workspaceStatus>>): string {
  if (status.plan.apiAccess) return "API access included in the plan";
  const grant = status.grants.filter((g) => g.apiAccess).sort((a, b) => b.endsAt.localeCompare(a.endsAt))[0];
  if (grant) return `API access through a grant until ${formatDate(grant.endsAt)}`;
  return "No API access: ask for an upgrade or a grant";
}

export default outageAware(OverviewPage);
