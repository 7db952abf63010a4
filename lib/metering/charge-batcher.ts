import { chargeSettled, chargeStarted, counterSeen } from "./charge-headroom";
import { reserveBatch, type ChargeRequest } from "./credits";

/** What a call's reservation came to: charged (the counter right after its own credits), or why not. */
export type Reservation = { kind: "charged"; used: number } | { kind: "quota" } | { kind: "stale" };

interface Pending {
  charge: ChargeRequest;
  resolve: (reservation: Reservation) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  busy: boolean;
  pending: Pending[];
}

/** At most this many calls share one statement (one array parameter per column). */
const MAX_BATCH = 256;

const queues = new Map<string, Queue>();

/**
 * Group commit for credit reservations. Every charge of a workspace updates the same counter row, so
 * concurrent calls used to queue on its lock one statement each. Here a process sends one statement per
 * workspace at a time: the calls that arrive while it runs go together in the next one (no timer: an idle
 * server charges each call at once). The database still decides every charge, so any number of
 * processes stay exact; batching only cuts round trips and lock hand-offs. A batch the allowance cannot
 * cover whole is charged call by call, so a nearly exhausted allowance is used exactly to the last credit.
 */
export function reserveCredits(charge: ChargeRequest): Promise<Reservation> {
  const key = `${charge.workspaceId}\u0000${charge.period}\u0000${charge.allowance}\u0000${charge.epoch}`;
  let queue = queues.get(key);
  if (!queue) {
    queue = { busy: false, pending: [] };
    queues.set(key, queue);
  }
  chargeStarted(charge, charge.credits);
  const promise = new Promise<Reservation>((resolve, reject) => queue.pending.push({ charge, resolve, reject }));
  if (!queue.busy) void drain(key, queue);
  return promise.finally(() => chargeSettled(charge, charge.credits));
}

async function drain(key: string, queue: Queue) {
  queue.busy = true;
  try {
    while (queue.pending.length > 0) {
      const batch = queue.pending.splice(0, MAX_BATCH);
      await settle(batch);
    }
  } finally {
    queue.busy = false;
    if (queue.pending.length === 0) queues.delete(key);
    else void drain(key, queue);
  }
}

async function settle(batch: Pending[]) {
  try {
    const outcome = await reserveBatch(batch.map((item) => item.charge));
    if (outcome.kind === "charged") return resolveCharged(batch, outcome.used);
    if (outcome.kind === "quota" && batch.length === 1) counterSeen(batch[0].charge, batch[0].charge.allowance);
    if (outcome.kind === "stale" || batch.length === 1) return batch.forEach((item) => item.resolve(outcome));
    for (const item of batch) await settle([item]);
  } catch (error) {
    batch.forEach((item) => item.reject(error));
  }
}

/** Each call reports the counter as it stood right after its own credits, as if charged alone in order. */
function resolveCharged(batch: Pending[], usedAfter: number) {
  counterSeen(batch[0].charge, usedAfter);
  let used = usedAfter - batch.reduce((sum, item) => sum + item.charge.credits, 0);
  for (const item of batch) {
    used += item.charge.credits;
    item.resolve({ kind: "charged", used });
  }
}
