import { budgetedRequest } from "./budgeted-request";
import type { SyncContext } from "./sync-context";
import type { ClaimedTask } from "./claim-tasks";
import type { Observation } from "./observation";
import { observeFreePrice, observePlayers, observePrice, observeReviews, observeStorePage, observeTags } from "./observe-answers";
import type { SourceClients } from "./source-clients";
import type { TaskKind } from "./task-kinds";

/**
 * Per kind of task: how the request's answer (one app, or up to 100 for prices: run-lane.ts) becomes, per app, an
 * observation to write, "unavailable" (success:false, result 42: asked again next month) or nothing to record.
 */
export type Answer = { kind: "observed"; observation: Observation } | { kind: "unavailable"; why: string } | { kind: "nothing" };

export interface TaskHandler {
  fetch(ctx: SyncContext, clients: SourceClients, tasks: ClaimedTask[]): Promise<Map<number, Answer>>;
}

const one = (appId: number, answer: Answer) => new Map([[appId, answer]]);

export const TASK_HANDLERS: Record<TaskKind, TaskHandler> = {
  details: {
    async fetch(ctx, clients, [task]) {
      const answer = await budgetedRequest(ctx, ["store"], () => clients.store.appDetails(task.appId));
      if (!answer.found) return one(task.appId, { kind: "unavailable", why: "appdetails: success false" });
      return one(task.appId, { kind: "observed", observation: observeStorePage(task.appId, ctx.day, answer.data) });
    },
  },
  prices: {
    async fetch(ctx, clients, tasks) {
      const answers = await budgetedRequest(ctx, ["store"], () => clients.store.prices(tasks.map((t) => t.appId)));
      const unpriced = [...answers].filter(([, answer]) => answer.kind === "none").map(([appId]) => appId);
      const free = await storeSaysFree(ctx, unpriced);
      const result = new Map<number, Answer>();
      for (const [appId, answer] of answers) {
        if (answer.kind === "unavailable") result.set(appId, { kind: "unavailable", why: "appdetails: success false" });
        // no price: free (when its store page says so), or not for sale yet (nothing to record)
        else if (answer.kind === "none") result.set(appId, free.has(appId) ? { kind: "observed", observation: observeFreePrice(appId, ctx.day) } : { kind: "nothing" });
        else result.set(appId, { kind: "observed", observation: observePrice(appId, ctx.day, answer.price) });
      }
      return result;
    },
  },
  reviews: {
    async fetch(ctx, clients, [task]) {
      const totals = await budgetedRequest(ctx, ["store"], () => clients.store.reviewTotals(task.appId));
      // Steam answers an app it does not know with zero totals, so zeros are never written (a game without reviews
      // has SteamSpy's 0 / 0): parked for a month when the store page is gone, else asked again by its tier
      if (totals.total === 0) {
        const gone = await storePageGone(ctx, task.appId);
        return one(task.appId, gone ? { kind: "unavailable", why: "appreviews: zero totals, store page gone" } : { kind: "nothing" });
      }
      return one(task.appId, { kind: "observed", observation: observeReviews(task.appId, ctx.day, totals) });
    },
  },
  players: {
    async fetch(ctx, clients, [task]) {
      const count = await budgetedRequest(ctx, ["api"], () => clients.api.currentPlayers(task.appId));
      if (count.kind === "missing") return one(task.appId, { kind: "unavailable", why: "GetNumberOfCurrentPlayers: result 42" });
      return one(task.appId, { kind: "observed", observation: observePlayers(task.appId, ctx.day, count.players) });
    },
  },
  tags: {
    async fetch(ctx, clients, [task]) {
      const details = await budgetedRequest(ctx, ["steamspy"], () => clients.steamspy.appDetails(task.appId));
      if (!details.record) return one(task.appId, { kind: "unavailable", why: "SteamSpy: no such app" });
      if (details.tags.length === 0) return one(task.appId, { kind: "nothing" });
      return one(task.appId, { kind: "observed", observation: observeTags(task.appId, ctx.day, details.tags) });
    },
  },
};

/** The apps whose store page said `is_free` (the price family from the store, free). */
async function storeSaysFree(ctx: SyncContext, appIds: number[]): Promise<Set<number>> {
  if (appIds.length === 0) return new Set();
  const { rows } = await ctx.db.pool.query<{ app_id: number }>(
    "SELECT app_id FROM games WHERE app_id = ANY($1::int[]) AND is_free AND sources -> 'price' ->> 'source' = 'steam-store'",
    [appIds],
  );
  return new Set(rows.map((row) => row.app_id));
}

/** Whether the store said the app's page is gone (its details task answered success:false). */
async function storePageGone(ctx: SyncContext, appId: number): Promise<boolean> {
  const { rows } = await ctx.db.pool.query("SELECT 1 FROM sync_tasks WHERE app_id = $1 AND kind = 'details' AND last_outcome = 'unavailable'", [appId]);
  return rows.length > 0;
}
