import { budgetedRequest, type SyncContext } from "./budgeted-request";
import type { ClaimedTask } from "./claim-tasks";
import type { Observation } from "./observation";
import { observePlayers, observePrice, observeReviews, observeStorePage, observeTags } from "./observe-answers";
import type { SourceClients } from "./source-clients";
import { PRICE_BATCH_SIZE } from "./sources/steam-store";
import type { TaskKind } from "./task-kinds";

/**
 * Per kind of task: how many apps one request serves, and how the request's answer becomes, per app, an
 * observation to write, "unavailable" (success:false, result 42: asked again next month) or nothing to record.
 */
export type Answer = { kind: "observed"; observation: Observation } | { kind: "unavailable"; why: string } | { kind: "nothing" };

export interface TaskHandler {
  batch: number;
  fetch(ctx: SyncContext, clients: SourceClients, tasks: ClaimedTask[]): Promise<Map<number, Answer>>;
}

const one = (appId: number, answer: Answer) => new Map([[appId, answer]]);

export const TASK_HANDLERS: Record<TaskKind, TaskHandler> = {
  details: {
    batch: 1,
    async fetch(ctx, clients, [task]) {
      const answer = await budgetedRequest(ctx, ["store"], () => clients.store.appDetails(task.appId));
      if (!answer.found) return one(task.appId, { kind: "unavailable", why: "appdetails: success false" });
      return one(task.appId, { kind: "observed", observation: observeStorePage(task.appId, ctx.day, answer.data) });
    },
  },
  prices: {
    batch: PRICE_BATCH_SIZE,
    async fetch(ctx, clients, tasks) {
      const answers = await budgetedRequest(ctx, ["store"], () => clients.store.prices(tasks.map((t) => t.appId)));
      const result = new Map<number, Answer>();
      for (const [appId, answer] of answers) {
        if (answer.kind === "unavailable") result.set(appId, { kind: "unavailable", why: "appdetails: success false" });
        else if (answer.kind === "none") result.set(appId, { kind: "nothing" });
        else result.set(appId, { kind: "observed", observation: observePrice(appId, ctx.day, answer.price) });
      }
      return result;
    },
  },
  reviews: {
    batch: 1,
    async fetch(ctx, clients, [task]) {
      const totals = await budgetedRequest(ctx, ["store"], () => clients.store.reviewTotals(task.appId));
      // Steam answers an app it does not know with zero totals: zeros never replace counts we hold
      if (totals.total === 0 && (await storedReviews(ctx, task.appId)) > 0) {
        return one(task.appId, { kind: "unavailable", why: "appreviews: zero totals for an app with reviews" });
      }
      return one(task.appId, { kind: "observed", observation: observeReviews(task.appId, ctx.day, totals) });
    },
  },
  players: {
    batch: 1,
    async fetch(ctx, clients, [task]) {
      const count = await budgetedRequest(ctx, ["api"], () => clients.api.currentPlayers(task.appId));
      if (count.kind === "missing") return one(task.appId, { kind: "unavailable", why: "GetNumberOfCurrentPlayers: result 42" });
      return one(task.appId, { kind: "observed", observation: observePlayers(task.appId, ctx.day, count.players) });
    },
  },
  tags: {
    batch: 1,
    async fetch(ctx, clients, [task]) {
      const details = await budgetedRequest(ctx, ["steamspy"], () => clients.steamspy.appDetails(task.appId));
      if (!details.record) return one(task.appId, { kind: "unavailable", why: "SteamSpy: no such app" });
      if (details.tags.length === 0) return one(task.appId, { kind: "nothing" });
      return one(task.appId, { kind: "observed", observation: observeTags(task.appId, ctx.day, details.tags) });
    },
  },
};

async function storedReviews(ctx: SyncContext, appId: number): Promise<number> {
  const { rows } = await ctx.db.pool.query<{ n: number | null }>("SELECT reviews_total AS n FROM games WHERE app_id = $1", [appId]);
  return rows[0]?.n ?? 0;
}
