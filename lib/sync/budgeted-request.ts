import { setTimeout as sleep } from "node:timers/promises";
import { blockHost, clearStrikes, pausedState, reserveSlot, throttleHost } from "./host-budget";
import { SourceFailure } from "./sources/fetch-json";
import { slotSeconds, type HostId } from "./sync-config";
import type { SyncContext } from "./sync-context";

/** The host is resting (a 429's cool-down, a 403's block): the work is handed back, not failed. */
export class HostPaused extends Error {
  constructor(
    readonly host: HostId,
    readonly pausedForMs: number,
    readonly reason: string | null,
  ) {
    super(`${host} is paused for ${Math.round(pausedForMs / 1000)} s (${reason ?? "paused"})`);
    this.name = "HostPaused";
  }
}

/** Attempts per request: the first and two retries, each one spending a slot of the budget. */
export const MAX_ATTEMPTS = 3;

/**
 * Sends `attempt` when every host in `hosts` has given a slot (SteamSpy's `all` pages spend both SteamSpy
 * budgets), retrying 5xx, network errors, timeouts and broken bodies with exponential backoff. A 429 throttles
 * and a 403 blocks the host for every process, and the request ends with HostPaused.
 */
export async function budgetedRequest<T>(ctx: SyncContext, hosts: HostId[], attempt: () => Promise<T>): Promise<T> {
  // the host the request goes to (SteamSpy's `all` is listed first: it is the stricter budget of the same host)
  const main = hosts[hosts.length - 1];
  for (let n = 1; ; n++) {
    await takeSlots(ctx, hosts);
    const tally = ctx.report.host(main);
    for (const host of hosts) ctx.report.host(host).requests++;
    if (n > 1) tally.retries++;
    try {
      const result = await attempt();
      if (!knownClear.has(main)) {
        knownClear.add(main);
        await clearStrikes(ctx.db, main);
      }
      return result;
    } catch (error) {
      if (!(error instanceof SourceFailure)) throw error;
      await reactTo(ctx, main, error);
      if (error.type !== "transient" || n >= MAX_ATTEMPTS) {
        tally.failures++;
        throw error;
      }
      await sleep(backoffMs(ctx.config.retryBaseMs, n), undefined, { signal: ctx.signal });
    }
  }
}

/**
 * Hosts whose run of 429s this process has ended (or seen none of since it ended one): the first good answer in a
 * process, and the first after a 429, clears the strikes every process shares (a cron tick is a new process each time).
 */
const knownClear = new Set<HostId>();

async function reactTo(ctx: SyncContext, host: HostId, failure: SourceFailure) {
  if (failure.type === "throttled") {
    ctx.report.host(host).throttles++;
    knownClear.delete(host);
    const seconds = await throttleHost(ctx.db, host, ctx.config.budgets[host]);
    ctx.report.error(`${failure.message}: ${host} rests ${Math.round(seconds)} s`);
    throw new HostPaused(host, seconds * 1000, "429");
  }
  if (failure.type === "blocked") {
    ctx.report.host(host).blocks++;
    await blockHost(ctx.db, host, ctx.config.blockSeconds);
    ctx.report.error(`${failure.message}: ${host} stopped for ${ctx.config.blockSeconds / 3600} h`);
    throw new HostPaused(host, ctx.config.blockSeconds * 1000, "403");
  }
}

/**
 * One host at a time, the strictest first (SteamSpy's `all` before its 1 a second), so a slot is reserved only
 * when it is about to be used; then this process's own spacing (`spaceSends`); last, whether another process was
 * told to slow down meanwhile (the check right before the send).
 */
async function takeSlots(ctx: SyncContext, hosts: HostId[]) {
  let waited = false;
  for (const host of hosts) {
    const grant = await reserveSlot(ctx.db, host, ctx.config.budgets[host]);
    if (!grant.granted) throw new HostPaused(host, grant.pausedForMs, grant.reason);
    if (grant.waitMs <= 0) continue;
    waited = true;
    await sleep(grant.waitMs, undefined, { signal: ctx.signal });
  }
  waited = (await spaceSends(ctx, hosts)) || waited;
  if (!waited) return; // the reservation itself just found the hosts unpaused
  for (const host of hosts) {
    const state = await pausedState(ctx.db, host);
    if (!state.granted) throw new HostPaused(host, state.pausedForMs, state.reason);
  }
}

/** When this process last sent to each host (milliseconds, its own clock). */
const lastSent = new Map<HostId, number>();

/**
 * The database's slots space reservations; a request leaves later than its slot by a varying amount (a timer
 * firing late on a busy event loop, the pause check), and two of a process's requests could then arrive closer
 * than a slot apart. Each send also waits a slot after this process's previous send to the host; the time is
 * taken before sleeping, so requests in flight leave in turn.
 */
async function spaceSends(ctx: SyncContext, hosts: HostId[]): Promise<boolean> {
  const now = Date.now();
  const at = Math.max(now, ...hosts.map((host) => (lastSent.get(host) ?? 0) + slotSeconds(ctx.config.budgets[host]) * 1000));
  for (const host of hosts) lastSent.set(host, at);
  if (at <= now) return false;
  await sleep(at - now, undefined, { signal: ctx.signal });
  return true;
}

/** 1x, 2x, 4x the base, with up to a quarter more at random so that workers do not retry in step. */
function backoffMs(base: number, attempt: number): number {
  return base * 2 ** (attempt - 1) * (1 + Math.random() * 0.25);
}
