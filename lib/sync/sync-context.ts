import type { DerivedChanges } from "./derived-refresh";
import type { SyncConfig } from "./sync-config";
import type { SyncDb } from "./sync-db";
import type { SyncReport } from "./sync-report";
import type { TagNames } from "./tag-names";
import type { HotThresholds } from "./task-schedule";

/** What the sync's work needs: the database, the settings, the run's report and stop signal, its day and tiers. */
export interface SyncContext {
  db: SyncDb;
  config: SyncConfig;
  report: SyncReport;
  signal: AbortSignal;
  /** the sync's current day, YYYY-MM-DD (observation day of everything fetched) */
  day: string;
  /** a name for this process's leases */
  owner: string;
  /** the hot tier's thresholds in force */
  hot: HotThresholds;
  /** games whose derived rows wait to be recomputed */
  derived: DerivedChanges;
  /** tag names to ids */
  tagNames: TagNames;
  /** the run is winding down: walks stop at their next page, nothing new is claimed */
  draining: () => boolean;
  /** new work was queued (new apps, raised hints): idle lanes look again now */
  wake: () => void;
}
