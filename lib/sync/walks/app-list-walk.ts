import { slugify } from "../../market/slugify";
import { budgetedRequest } from "../budgeted-request";
import type { SyncContext } from "../sync-context";
import { finishJob, saveJobCursor } from "../claim-job";
import { observeListedName } from "../observe-answers";
import type { SourceClients } from "../source-clients";
import type { ListedApp } from "../sources/steam-api";
import { inTransaction } from "../sync-db";
import { PRIORITY } from "../task-kinds";
import { ensureTasks } from "../task-schedule";
import { writeObservation } from "../write-observation";

/**
 * IStoreService/GetAppList: the store's games with their change hints. A full walk once a day, and every hour
 * the apps modified since the last walk began. New apps are created (their name from the list) and queued first;
 * a raised `last_modified` makes the app's details due now, a raised `price_change_number` its price. Apps that
 * leave the list are never deleted.
 */
export interface AppListCursor {
  /** the page's `last_appid` to continue from (0: the start) */
  after: number;
  /** Unix seconds: the walk in progress asks for apps modified since then (null: a full walk) */
  since: number | null;
  /** Unix seconds the walk in progress started */
  startedAt: number;
  lastFullAt: number | null;
  lastWalkStartedAt: number | null;
}

const HOUR = 3600;
/** A walk for changes looks this much before the last walk's start: a change committed mid-walk is not missed. */
const OVERLAP_SECONDS = 600;

export async function walkAppList(ctx: SyncContext, clients: SourceClients, saved: AppListCursor | null): Promise<void> {
  const now = Math.floor(Date.now() / 1000) + ctx.config.clockShiftSeconds;
  const cursor = saved && saved.after > 0 ? saved : startWalk(saved, now);
  const tally = ctx.report.tally("applist");
  while (!ctx.signal.aborted && !ctx.draining()) {
    const page = await budgetedRequest(ctx, ["api"], () => clients.api.appListPage(cursor.after, cursor.since));
    tally.fetched += page.apps.length;
    // a page cut short (the tick's time is up) is read again by the next walk: its cursor does not move
    if (!(await applyPage(ctx, page.apps))) return;
    if (page.nextAfter === null) {
      const done: AppListCursor = {
        after: 0,
        since: null,
        startedAt: cursor.startedAt,
        lastFullAt: cursor.since === null ? cursor.startedAt : cursor.lastFullAt,
        lastWalkStartedAt: cursor.startedAt,
      };
      await finishJob(ctx.db, ctx.owner, "applist", { cursor: done, dueIn: HOUR, error: null });
      return;
    }
    cursor.after = page.nextAfter;
    if (!(await saveJobCursor(ctx.db, ctx.owner, "applist", cursor))) return;
  }
}

function startWalk(saved: AppListCursor | null, now: number): AppListCursor {
  const full = !saved?.lastFullAt || now - saved.lastFullAt >= 24 * HOUR || !saved.lastWalkStartedAt;
  return {
    after: 0,
    since: full ? null : saved!.lastWalkStartedAt! - OVERLAP_SECONDS,
    startedAt: now,
    lastFullAt: saved?.lastFullAt ?? null,
    lastWalkStartedAt: saved?.lastWalkStartedAt ?? null,
  };
}

/**
 * One page: new apps created and queued, change hints raised (set-based, a few statements), then renames, one
 * write each. False when the run was cut before the renames were done: the page is read again (every step is
 * idempotent).
 */
async function applyPage(ctx: SyncContext, apps: ListedApp[]): Promise<boolean> {
  if (apps.length === 0) return true;
  const ids = apps.map((app) => app.appId);
  const { rows } = await ctx.db.pool.query<{ app_id: number; name: string }>("SELECT app_id, name FROM games WHERE app_id = ANY($1::int[])", [ids]);
  const stored = new Map(rows.map((row) => [row.app_id, row.name]));
  const created = await createListedApps(ctx, apps.filter((app) => app.name && !stored.has(app.appId)));
  if (created.length > 0) {
    await ensureTasks(ctx.db, created, PRIORITY.changed);
    ctx.report.newApps += created.length;
    ctx.wake();
  }
  await raiseHints(ctx, "details", apps.map((app) => [app.appId, app.lastModified]));
  await raiseHints(ctx, "prices", apps.map((app) => [app.appId, app.priceChangeNumber]));
  for (const app of apps) {
    if (ctx.signal.aborted) return false;
    const name = stored.get(app.appId);
    if (!app.name || name === undefined || name === app.name) continue;
    const result = await inTransaction(ctx.db.pool, (client) => writeObservation(client, observeListedName(app.appId, ctx.day, app.name), ctx.tagNames));
    ctx.derived.note(app.appId, result.changed, result.created);
  }
  return true;
}

/**
 * Apps new to the catalog, in one statement: a name is all the list says of them (the catalog family, as
 * writeObservation would write it for a new app); their store pages are fetched first (priority 0).
 */
async function createListedApps(ctx: SyncContext, apps: ListedApp[]): Promise<number[]> {
  if (apps.length === 0) return [];
  const sources = JSON.stringify({ catalog: { source: "steam-applist", observedAt: ctx.day } });
  const { rows } = await ctx.db.pool.query<{ app_id: number }>(
    `INSERT INTO games (app_id, name, slug, tag_ids, sources)
     SELECT id, name, slug, '{}', $4::jsonb FROM unnest($1::int[], $2::text[], $3::text[]) AS n(id, name, slug)
     ON CONFLICT (app_id) DO NOTHING RETURNING app_id`,
    [apps.map((app) => app.appId), apps.map((app) => app.name), apps.map((app) => slugify(app.name) || String(app.appId)), sources],
  );
  const created = rows.map((row) => row.app_id);
  for (const appId of created) ctx.derived.note(appId, ["catalog"], true);
  return created;
}

/**
 * A hint above the one stored makes the task due now and first in line; the first hint an app ever gets is only
 * recorded (there is nothing to compare it with: the task is due by its tier as before).
 */
async function raiseHints(ctx: SyncContext, kind: "details" | "prices", hints: [number, number | null][]) {
  const known = hints.filter((entry): entry is [number, number] => entry[1] !== null);
  if (known.length === 0) return;
  const raised = await ctx.db.pool.query(
    `UPDATE sync_tasks t SET hint = v.hint,
       priority = CASE WHEN t.hint IS NULL THEN t.priority ELSE ${PRIORITY.changed} END,
       due_at = CASE WHEN t.hint IS NULL THEN t.due_at ELSE least(t.due_at, ${ctx.db.now}) END
     FROM unnest($1::int[], $2::bigint[]) AS v(app_id, hint)
     WHERE t.app_id = v.app_id AND t.kind = $3 AND v.hint > coalesce(t.hint, -1)`,
    [known.map(([id]) => id), known.map(([, hint]) => hint), kind],
  );
  if (raised.rowCount) ctx.wake();
}
