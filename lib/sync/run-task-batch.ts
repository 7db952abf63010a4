import { createHash } from "node:crypto";
import type { SyncContext } from "./sync-context";
import { completeTask, failTask, releaseTasks, type ClaimedTask } from "./claim-tasks";
import type { Observation } from "./observation";
import type { SourceClients } from "./source-clients";
import { SourceFailure } from "./sources/fetch-json";
import { inTransaction } from "./sync-db";
import { TASK_HANDLERS, type Answer } from "./task-handlers";
import { writeObservation } from "./write-observation";

/**
 * Fetches one claimed batch (one app, or up to 100 for prices) and settles each task: written and scheduled
 * by its tier, recorded as unavailable, or failed and retried later. A paused host or a stopping run hands
 * the tasks back untouched; the caller sees the HostPaused.
 */
export async function runTaskBatch(ctx: SyncContext, clients: SourceClients, tasks: ClaimedTask[]): Promise<void> {
  const { kind } = tasks[0];
  const tally = ctx.report.tally(kind);
  let answers: Map<number, Answer>;
  try {
    answers = await TASK_HANDLERS[kind].fetch(ctx, clients, tasks);
  } catch (error) {
    if (error instanceof SourceFailure) {
      tally.failed += tasks.length;
      ctx.report.error(error.message, kind);
      for (const task of tasks) await failTask(ctx.db, ctx.owner, task, error.message);
      return;
    }
    // a paused host, a stopping run, a database error: the tasks go back as they were
    await releaseTasks(ctx.db, ctx.owner, tasks).catch(() => undefined);
    throw error;
  }
  for (const [index, task] of tasks.entries()) {
    try {
      await settleTask(ctx, task, answers.get(task.appId) ?? { kind: "nothing" });
    } catch (error) {
      // the database failed mid-batch: the tasks not settled go back at once, not when their leases run out
      await releaseTasks(ctx.db, ctx.owner, tasks.slice(index)).catch(() => undefined);
      throw error;
    }
  }
}

/** The lease was taken over while this worker fetched: another one has the task, this write is rolled back. */
class LeaseLost extends Error {}

async function settleTask(ctx: SyncContext, task: ClaimedTask, answer: Answer) {
  const tally = ctx.report.tally(task.kind);
  tally.fetched++;
  if (answer.kind !== "observed") {
    if (answer.kind === "unavailable") tally.unavailable++;
    else tally.unchanged++;
    await inTransaction(ctx.db.pool, (client) =>
      completeTask(client, ctx, task, { outcome: answer.kind === "unavailable" ? "unavailable" : "unchanged", dormant: answer.kind === "unavailable", digest: null }),
    );
    return;
  }
  const digest = digestOf(answer.observation);
  if (digest === task.payloadDigest) {
    // the same answer the same day: nothing to write (the digest holds the day)
    tally.unchanged++;
    await inTransaction(ctx.db.pool, (client) => completeTask(client, ctx, task, { outcome: "unchanged", dormant: false, digest }));
    return;
  }
  const written = await inTransaction(ctx.db.pool, async (client) => {
    const result = await writeObservation(client, answer.observation, ctx.tagNames);
    const held = await completeTask(client, ctx, task, { outcome: result.changed.length ? "updated" : "unchanged", dormant: false, digest });
    if (!held) throw new LeaseLost();
    return result;
  }).catch((error: unknown) => {
    if (error instanceof LeaseLost) return null;
    throw error;
  });
  if (!written) {
    ctx.report.error(`${task.kind} ${task.appId}: lease taken over while fetching; its write rolled back`, task.kind);
    return;
  }
  if (written.changed.length > 0) tally.updated++;
  else tally.unchanged++;
  ctx.derived.note(task.appId, written.changed, written.created);
}

/** The observation's values and day: equal digests mean the same answer on the same day. */
export function digestOf(observation: Observation): string {
  return createHash("sha256").update(JSON.stringify([observation.day, observation.source, observation.families, observation.tags ?? null, observation.snapshot ?? null, observation.type ?? null])).digest("base64url").slice(0, 22);
}
