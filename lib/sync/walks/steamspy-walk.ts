import { budgetedRequest } from "../budgeted-request";
import type { SyncContext } from "../sync-context";
import { finishJob, saveJobCursor } from "../claim-job";
import { observeSteamSpy } from "../observe-answers";
import type { SourceClients } from "../source-clients";
import { inTransaction } from "../sync-db";
import { PRIORITY } from "../task-kinds";
import { ensureTasks } from "../task-schedule";
import { writeObservation } from "../write-observation";

/**
 * SteamSpy's `request=all` pages, once a day (SteamSpy refreshes daily): owners, CCU, review counts and prices
 * of every app, a page a minute. The walk saves its page after each one, so it spans cron ticks and survives a
 * killed worker; an empty or invalid page ends it. A second walk the same day writes nothing that did not change.
 */
export interface SteamSpyCursor {
  page: number;
  /** entries of that page already written (a walk cut mid-page resumes after them) */
  written?: number;
  /** the day the walk in progress began (null: no walk in progress) */
  day: string | null;
  /** Unix seconds the walk in progress began */
  startedAt: number;
}

const DAY = 86_400;

export async function walkSteamSpy(ctx: SyncContext, clients: SourceClients, saved: SteamSpyCursor | null): Promise<void> {
  const now = Math.floor(Date.now() / 1000) + ctx.config.clockShiftSeconds;
  const cursor: SteamSpyCursor = saved?.day ? saved : { page: 0, day: ctx.day, startedAt: now };
  const tally = ctx.report.tally("steamspy");
  while (!ctx.signal.aborted && !ctx.draining()) {
    const page = await budgetedRequest(ctx, ["steamspyAll", "steamspy"], () => clients.steamspy.allPage(cursor.page));
    if (page.kind === "end") {
      const dueIn = Math.max(3600, cursor.startedAt + DAY - now);
      await finishJob(ctx.db, ctx.owner, "steamspy", { cursor: { page: 0, day: null, startedAt: cursor.startedAt }, dueIn, error: null });
      return;
    }
    const created: number[] = [];
    for (const [index, record] of page.records.entries()) {
      if (index < (cursor.written ?? 0)) continue;
      // cut short (the tick's time is up): the next walk reads the page again and goes on after what was written
      if (ctx.signal.aborted) {
        await saveJobCursor(ctx.db, ctx.owner, "steamspy", { ...cursor, written: index });
        await queueNewApps(ctx, created);
        return;
      }
      // dated the day the page was read (a walk may span days: four pages a tick on a daily cron)
      const result = await inTransaction(ctx.db.pool, (client) => writeObservation(client, observeSteamSpy(record, ctx.day), ctx.tagNames));
      tally.fetched++;
      if (result.changed.length > 0) tally.updated++;
      else tally.unchanged++;
      if (result.created) created.push(record.appId);
      ctx.derived.note(record.appId, result.changed, result.created);
    }
    await queueNewApps(ctx, created);
    cursor.page++;
    cursor.written = 0;
    if (!(await saveJobCursor(ctx.db, ctx.owner, "steamspy", cursor))) return;
  }
}

/** Apps SteamSpy named first get their tasks, first in line. */
async function queueNewApps(ctx: SyncContext, created: number[]) {
  if (created.length === 0) return;
  await ensureTasks(ctx.db, created, PRIORITY.changed);
  ctx.report.newApps += created.length;
  ctx.wake();
}
