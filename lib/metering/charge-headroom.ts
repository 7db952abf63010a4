/**
 * What this process last saw of each workspace's counter, to guess whether a call's charge will go
 * through. Only a guess: other processes charge the same counter, so the database still decides every
 * charge. The guess decides one thing: whether an operation may start while its charge is being
 * decided (lib/pipeline/run-charged.ts), so that a workspace at the edge of its allowance, or one this
 * process has not charged yet, never has work done for a call that is then refused.
 */
const MAX_WORKSPACES = 10_000;

/** workspace and period -> the counter right after the latest charge this process saw */
const lastUsed = new Map<string, number>();
/** workspace and period -> credits of this process's calls waiting for their charge */
const inFlight = new Map<string, number>();

export interface CounterKey {
  workspaceId: string;
  period: string;
}

const keyOf = ({ workspaceId, period }: CounterKey) => `${workspaceId}\u0000${period}`;

/** True when the last counter seen, less the charges in flight here, still covers `credits`. */
export function likelyCovered(counter: CounterKey, credits: number, allowance: number): boolean {
  const key = keyOf(counter);
  const used = lastUsed.get(key);
  if (used === undefined) return false;
  return allowance - used - (inFlight.get(key) ?? 0) >= credits;
}

export function chargeStarted(counter: CounterKey, credits: number) {
  const key = keyOf(counter);
  inFlight.set(key, (inFlight.get(key) ?? 0) + credits);
}

export function chargeSettled(counter: CounterKey, credits: number) {
  const key = keyOf(counter);
  const left = (inFlight.get(key) ?? 0) - credits;
  if (left > 0) inFlight.set(key, left);
  else inFlight.delete(key);
}

/** The counter after a charge; `allowance` after a refusal, so nothing starts early until a charge succeeds. */
export function counterSeen(counter: CounterKey, used: number) {
  const key = keyOf(counter);
  if (!lastUsed.has(key) && lastUsed.size >= MAX_WORKSPACES) lastUsed.delete(lastUsed.keys().next().value!);
  lastUsed.set(key, used);
}
