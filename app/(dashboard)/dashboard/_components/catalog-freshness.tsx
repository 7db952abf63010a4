import { getPool } from "@/lib/db/prisma-client";
import { formatDateTime, formatNumber } from "@/lib/session/format";
import { readSyncState, type SourceStatus } from "@/lib/sync/source-status";

/** How fresh the catalog is: each source the sync reads, when it last answered, what is due, and any pause. */
export async function CatalogFreshness() {
  const state = await readSyncState(getPool(), true);
  return (
    <section className="card" aria-labelledby="freshness-heading">
      <h2 id="freshness-heading">Catalog freshness</h2>
      {!state.active ? (
        <p className="muted" data-testid="sync-inactive">
          The sync is not running on this deployment: the catalog is the bundled snapshots (SteamSpy 2025-01-01 and older), each figure
          dated in its <code>sources</code>. <code>npm run sync</code>, <code>LUDEX_SYNC=1</code> or the Vercel cron keep it fresh (docs/sync.md).
        </p>
      ) : (
        <>
          <p className="small">
            Last sync run {formatDateTime(state.lastRun?.startedAt)} ({state.lastRun?.mode}).
          </p>
          <div className="table-scroll">
            <table data-testid="freshness-table">
              <thead>
                <tr>
                  <th scope="col">Source</th>
                  <th scope="col">Last refreshed</th>
                  <th scope="col">Apps due</th>
                  <th scope="col">Failing</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(state.sources).map(([id, source]) => (
                  <tr key={id}>
                    <th scope="row">
                      {source.name}
                      <span className="muted small endpoint">
                        {source.host} {source.endpoint}
                      </span>
                    </th>
                    <td>{formatDateTime(source.lastSuccessAt)}</td>
                    <td>{source.appsDue === null ? "-" : formatNumber(source.appsDue)}</td>
                    <td>{source.appsFailing === null ? "-" : formatNumber(source.appsFailing)}</td>
                    <td className={source.stale ? "warn" : "ok"}>{stateLine(source)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function stateLine(source: SourceStatus): string {
  if (!source.configured) return "not configured (STEAM_API_KEY)";
  if (source.throttleReason === "403") return `refused (403) until ${formatDateTime(source.throttledUntil)}`;
  if (source.throttleReason === "429") return `slowing down (429) until ${formatDateTime(source.throttledUntil)}`;
  if (source.stale) return source.behindSince ? `stale: behind since ${formatDateTime(source.behindSince)}` : "stale";
  return "fresh";
}
