import type pg from "pg";
import type { Warning } from "../api/envelope";
import { readSyncState, type SourceStatus, type SyncSourceId, type SyncState } from "./source-status";

/**
 * The envelope warning of answers built from a stale source (the spec's "partially degraded data source"):
 * one per stale source, naming what is old and why. Read from the sync's tables at most once a minute per
 * process, and never on the answer's path after the first: a stale copy is served while a fresh one is read.
 */
const MAX_AGE_MS = 60_000;

let cached: { at: number; warnings: Warning[] } | undefined;
let reading: Promise<Warning[]> | undefined;

export async function freshnessWarnings(pool: Pick<pg.Pool, "query">): Promise<Warning[]> {
  if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.warnings;
  reading ??= readSyncState(pool, false)
    .then((state) => {
      cached = { at: Date.now(), warnings: staleWarnings(state) };
      return cached.warnings;
    })
    .catch(() => cached?.warnings ?? [])
    .finally(() => (reading = undefined));
  return cached ? cached.warnings : reading;
}

export function staleWarnings(state: SyncState): Warning[] {
  if (!state.active) return [];
  return (Object.entries(state.sources) as [SyncSourceId, SourceStatus][])
    .filter(([, s]) => s.stale)
    .map(([, s]) => ({ code: "SOURCE_STALE", message: describe(s) }));
}

function describe(s: SourceStatus): string {
  const what = s.name;
  const last = s.lastSuccessAt ? `last refreshed ${minute(s.lastSuccessAt)}` : "never refreshed";
  const behind = s.behindSince ? `; due since ${minute(s.behindSince)}` : "";
  const why =
    s.throttleReason === "403"
      ? `; ${s.host} refuses requests (403) until ${minute(s.throttledUntil!)}`
      : s.throttleReason === "429"
        ? `; ${s.host} asked to slow down (429) until ${minute(s.throttledUntil!)}`
        : s.lastError && (!s.lastSuccessAt || (s.lastErrorAt ?? "") > s.lastSuccessAt)
          ? `; last error: ${s.lastError}`
          : "";
  return `Partially degraded data source: ${what} (${s.source}, ${s.endpoint}) ${last}${behind}${why}. Figures from it may be older than usual; each field's date is in \`sources\`.`;
}

function minute(iso: string): string {
  return `${iso.slice(0, 16).replace("T", " ")} UTC`;
}

/** A fresh read of the state (GET /status makes one) serves the warnings too, from now on. */
export function rememberFreshness(state: SyncState) {
  cached = { at: Date.now(), warnings: staleWarnings(state) };
}
