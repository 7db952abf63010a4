import { HOSTS, slotSeconds, type Budget, type HostId } from "./sync-config";
import type { SyncDb } from "./sync-db";

/**
 * Each host's budget, shared by every process through one row per host (sync_hosts): a request takes the next
 * free slot, slots are spaced evenly over the budget's window (sync-config.ts `slotSeconds`), so no window of
 * the host's length ever holds more requests than the budget, retries included. A 429 or 403 pauses the host
 * for everyone; no slot is given while it is paused.
 */
export type SlotGrant = { granted: true; waitMs: number } | { granted: false; pausedForMs: number; reason: string | null };

/** Hosts that are one real server: a pause of either stops both. */
const SAME_SERVER: Partial<Record<HostId, HostId[]>> = { steamspy: ["steamspy", "steamspyAll"], steamspyAll: ["steamspy", "steamspyAll"] };

export async function ensureHostRows(db: SyncDb): Promise<void> {
  await db.pool.query("INSERT INTO sync_hosts (host) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", [HOSTS]);
}

/** Reserves the host's next slot; the caller waits `waitMs` before sending (the wait is measured on the database's clock). */
export async function reserveSlot(db: SyncDb, host: HostId, budget: Budget): Promise<SlotGrant> {
  const gap = slotSeconds(budget);
  const { rows } = await db.pool.query<{ wait_ms: number }>(
    `UPDATE sync_hosts SET next_slot_at = greatest(next_slot_at, ${db.now}) + make_interval(secs => $2), requests = requests + 1
     WHERE host = $1 AND (paused_until IS NULL OR paused_until <= ${db.now})
     RETURNING greatest(0, extract(epoch FROM (next_slot_at - make_interval(secs => $2) - ${db.now})) * 1000)::float8 AS wait_ms`,
    [host, gap],
  );
  if (rows[0]) return { granted: true, waitMs: rows[0].wait_ms };
  return pausedState(db, host);
}

/** Whether the host is paused now (asked again after waiting for a slot: another process may have paused it meanwhile). */
export async function pausedState(db: SyncDb, host: HostId): Promise<SlotGrant> {
  const { rows } = await db.pool.query<{ paused_ms: number | null; reason: string | null }>(
    `SELECT greatest(0, extract(epoch FROM (paused_until - ${db.now})) * 1000)::float8 AS paused_ms, pause_reason AS reason
     FROM sync_hosts WHERE host = $1`,
    [host],
  );
  const row = rows[0];
  if (!row) throw new Error(`sync_hosts has no row for ${host}`);
  if (!row.paused_ms) return { granted: true, waitMs: 0 };
  return { granted: false, pausedForMs: row.paused_ms, reason: row.reason };
}

/**
 * A 429: the host is told to slow down. It rests at least one budget window (a minute at least), twice as long
 * after each 429 in a row, up to an hour: going on after 429s is what earns a 403.
 */
export async function throttleHost(db: SyncDb, host: HostId, budget: Budget): Promise<number> {
  const { rows } = await db.pool.query<{ seconds: number }>(
    `UPDATE sync_hosts SET throttles = throttles + 1, pause_reason = '429',
       -- a strike per 429 outside a pause: answers to requests already in flight when the first came add none
       strikes = CASE WHEN paused_until > ${db.now} THEN strikes ELSE strikes + 1 END,
       paused_until = greatest(coalesce(paused_until, ${db.now}), ${db.now} + make_interval(secs => least(3600, $2 * power(2, strikes))))
     WHERE host = ANY($1) RETURNING extract(epoch FROM (paused_until - ${db.now}))::float8 AS seconds`,
    [SAME_SERVER[host] ?? [host], Math.max(60, budget.windowSeconds)],
  );
  return rows[0]?.seconds ?? 0;
}

/** A 403: the host refuses us; it is left alone for hours (status says until when). */
export async function blockHost(db: SyncDb, host: HostId, seconds: number): Promise<void> {
  await db.pool.query(
    `UPDATE sync_hosts SET blocks = blocks + 1, pause_reason = '403', paused_until = ${db.now} + make_interval(secs => $2) WHERE host = ANY($1)`,
    [SAME_SERVER[host] ?? [host], seconds],
  );
}

/** A good answer ends a run of 429s (written only when there was one). */
export async function clearStrikes(db: SyncDb, host: HostId): Promise<void> {
  await db.pool.query("UPDATE sync_hosts SET strikes = 0 WHERE host = ANY($1) AND strikes > 0", [SAME_SERVER[host] ?? [host]]);
}

export interface HostState {
  host: HostId;
  pausedUntil: string | null;
  pauseReason: string | null;
  requests: number;
  throttles: number;
  blocks: number;
}

export async function readHostStates(db: SyncDb): Promise<HostState[]> {
  const { rows } = await db.pool.query<{ host: HostId; paused_until: Date | null; pause_reason: string | null; requests: string; throttles: number; blocks: number }>(
    `SELECT host, CASE WHEN paused_until > ${db.now} THEN paused_until END AS paused_until, pause_reason, requests, throttles, blocks FROM sync_hosts`,
  );
  return rows.map((r) => ({
    host: r.host,
    pausedUntil: r.paused_until?.toISOString() ?? null,
    pauseReason: r.paused_until ? r.pause_reason : null,
    requests: Number(r.requests),
    throttles: r.throttles,
    blocks: r.blocks,
  }));
}
