import { refreshGameMetricsFor } from "../market/aggregates/refresh-metrics";
import { refreshCompanyNames } from "../market/companies/refresh-company-names";
import { refreshTagCounts } from "../market/ingest/refresh-tag-counts";
import type { Family } from "../market/field-families";
import type { SyncDb } from "./sync-db";

/**
 * What the sync's writes leave to recompute: the game_metrics rows of changed games (aggregates, cohorts and
 * comparisons read them), tag counts when tags changed, company names when developers or publishers did.
 * Collected as writes happen and flushed every few seconds and at the end of a run, so a cohort never lags a
 * detail for long and the work is done once per batch, not once per game. Tag counts and company names are
 * recomputed over the whole catalog, so at most once a minute (and at the end of a run).
 */
const WHOLE_CATALOG_MS = 60_000;

export class DerivedChanges {
  private apps = new Set<number>();
  private tags = false;
  private companies = false;
  private wholeCatalogAt = 0;

  note(appId: number, changed: Family[], created: boolean) {
    if (changed.length === 0 && !created) return;
    this.apps.add(appId);
    if (changed.includes("tags")) this.tags = true;
    if (created || changed.includes("catalog")) this.companies = true;
  }

  /** `final`: the run's last flush, which also does what waits for the minute. */
  async flush(db: SyncDb, final = false): Promise<number> {
    const apps = [...this.apps];
    const whole = final || Date.now() - this.wholeCatalogAt >= WHOLE_CATALOG_MS;
    const tags = this.tags && whole;
    const companies = this.companies && whole;
    this.apps = new Set();
    if (whole) this.tags = this.companies = false;
    if (tags || companies) this.wholeCatalogAt = Date.now();
    if (apps.length === 0 && !tags && !companies) return 0;
    const client = await db.pool.connect();
    try {
      const query = (text: string, values?: unknown[]) => client.query(text, values);
      for (let i = 0; i < apps.length; i += 5_000) await refreshGameMetricsFor(query, apps.slice(i, i + 5_000));
      if (tags) await refreshTagCounts(client);
      if (companies) await refreshCompanyNames(async (text, values) => (await client.query(text, values)).rows);
    } catch (error) {
      // not lost: the next flush recomputes these games too
      for (const app of apps) this.apps.add(app);
      this.tags ||= tags;
      this.companies ||= companies;
      throw error;
    } finally {
      client.release();
    }
    return apps.length;
  }
}
