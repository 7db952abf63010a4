import type { SyncContext } from "./sync-context";
import { recordKindActivity } from "./claim-job";
import { readHostStates } from "./host-budget";
import { planSync } from "./plan-sync";
import { currentDay } from "./sync-db";
import type { SyncReportJson } from "./sync-report";
import { readTagNames } from "./tag-names";
import { KIND_NAMES, type TaskKind } from "./task-kinds";

const FLUSH_MS = 5_000;
const TAG_NAMES_MS = 60_000;

/**
 * Every few seconds while a run works: recompute derived rows, record each task kind's activity in sync_jobs,
 * move to a new day when the clock passes midnight (and re-plan), re-read tag names another process may have
 * added, store the report so far, tell the caller. A flush still running when the next is due makes that one
 * skip: flushes never queue up behind a slow database.
 */
export class RunFlusher {
  private timer: NodeJS.Timeout;
  private running: Promise<void> | null = null;
  private seen = new Map<string, { fetched: number; failed: number }>();
  private tagNamesAt = Date.now();
  private unknownTags = 0;

  constructor(
    private ctx: SyncContext,
    private runId: number,
    private onProgress?: (report: SyncReportJson) => void,
  ) {
    this.timer = setInterval(() => void this.flush(false), FLUSH_MS);
  }

  /** The last flush: whatever is running finishes, then one more that also recomputes whole-catalog rows. */
  async stop() {
    clearInterval(this.timer);
    await this.running;
    await this.flush(true);
  }

  private flush(final: boolean): Promise<void> {
    if (this.running) return this.running;
    this.running = this.once(final)
      .catch((error: unknown) => this.ctx.report.error(`flush: ${(error as Error).message}`))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async once(final: boolean) {
    const { ctx } = this;
    await ctx.derived.flush(ctx.db, final);
    for (const kind of KIND_NAMES) await this.recordKind(kind);
    const day = await currentDay(ctx.db);
    if (day !== ctx.day) {
      const plan = await planSync(ctx.db, ctx.owner);
      Object.assign(ctx, { day: plan.day, hot: plan.hot });
    }
    if (Date.now() - this.tagNamesAt > TAG_NAMES_MS) {
      this.tagNamesAt = Date.now();
      ctx.tagNames = await readTagNames(ctx.db.pool);
    }
    this.reportUnknownTags();
    for (const host of await readHostStates(ctx.db)) {
      if (host.pausedUntil) ctx.report.pauses.set(host.host, { until: host.pausedUntil, reason: host.pauseReason });
      else ctx.report.pauses.delete(host.host);
    }
    const json = ctx.report.toJSON();
    await ctx.db.pool.query("UPDATE sync_runs SET report = $2::jsonb, finished_at = $3 WHERE id = $1", [this.runId, JSON.stringify(json), ctx.report.finishedAt]);
    this.onProgress?.(json);
  }

  /** Tag names no tag matched (a tag list older than SteamSpy's tags): said once per new batch, not per game. */
  private reportUnknownTags() {
    const unknown = this.ctx.tagNames.unknown;
    if (unknown.size <= this.unknownTags) return;
    this.unknownTags = unknown.size;
    this.ctx.report.error(`${unknown.size} tag names not in the tag list, left out: ${[...unknown].slice(0, 10).join(", ")}`, "tags");
  }

  private async recordKind(kind: TaskKind) {
    const tally = this.ctx.report.tally(kind);
    const before = this.seen.get(kind) ?? { fetched: 0, failed: 0 };
    this.seen.set(kind, { fetched: tally.fetched, failed: tally.failed });
    const fetched = tally.fetched - before.fetched;
    const failed = tally.failed - before.failed;
    await recordKindActivity(this.ctx.db, kind, {
      attempted: fetched + failed > 0,
      succeeded: fetched > 0,
      error: failed > 0 ? (this.ctx.report.lastErrors.get(kind) ?? "failed") : null,
    });
  }
}
