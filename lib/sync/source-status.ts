import type pg from "pg";
import type { JobId } from "./claim-job";
import { HOST_NAMES, type HostId } from "./sync-config";
import type { TaskKind } from "./task-kinds";

type SyncMode = "worker" | "server" | "once" | "cron";

/**
 * Each source the sync reads, as GET /status reports it: when it last answered, how much work is due or failing,
 * whether its host is resting after a 429 or refusing us (403), and whether its data is stale: a walk that has
 * not finished within its freshness window, or per-app work more than that far behind its schedule.
 */
interface SourceSpec {
  /** what people call it */
  name: string;
  /** the id its figures carry in games.sources and snapshots */
  source: string;
  host: HostId;
  endpoint: string;
  description: string;
  job: JobId;
  /** per-app work (its tasks are counted), or a walk */
  kind: TaskKind | null;
  staleAfterHours: number;
  needsKey: boolean;
}

export const SYNC_SOURCES = {
  appList: spec("App list", "steam-applist", "api", "IStoreService/GetAppList/v1", "The store's games, their names and change hints (hourly; a full walk daily).", "applist", null, 6, true),
  tagList: spec("Tag list", "steam-tags", "api", "IStoreService/GetTagList/v1", "Tag names (daily).", "taglist", null, 72, true),
  storeDetails: spec("Store pages", "steam-store", "store", "/api/appdetails", "Store pages: names, companies, release dates, genres, platforms (when the page changes; weekly for hot titles, monthly for the rest).", "details", "details", 48, false),
  prices: spec("Prices and discounts", "steam-store", "store", "/api/appdetails?filters=price_overview", "Prices and discounts, 100 apps a call (daily, and when the price changes).", "prices", "prices", 48, false),
  reviews: spec("Review totals", "steam-appreviews", "store", "/appreviews/{appId}", "Review totals, all languages and purchase types (hot titles daily, the rest weekly).", "reviews", "reviews", 48, false),
  players: spec("Players", "steam-players", "api", "ISteamUserStats/GetNumberOfCurrentPlayers/v1", "Concurrent players at the moment of asking (hot titles daily, the rest weekly).", "players", "players", 48, false),
  steamSpy: spec("SteamSpy pages", "steamspy", "steamspy", "api.php?request=all", "SteamSpy's owners ranges, peak CCU, review counts and prices of every app (daily).", "steamspy", null, 48, false),
  steamSpyTags: spec("SteamSpy tags", "steamspy", "steamspy", "api.php?request=appdetails", "User tags with votes (weekly for hot titles, monthly for the rest).", "tags", "tags", 240, false),
} satisfies Record<string, SourceSpec>;

export type SyncSourceId = keyof typeof SYNC_SOURCES;

function spec(name: string, source: string, host: HostId, endpoint: string, description: string, job: JobId, kind: TaskKind | null, staleAfterHours: number, needsKey: boolean): SourceSpec {
  return { name, source, host, endpoint, description, job, kind, staleAfterHours, needsKey };
}

export interface SourceStatus {
  name: string;
  source: string;
  host: string;
  endpoint: string;
  description: string;
  configured: boolean;
  lastAttemptAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  appsDue: number | null;
  appsFailing: number | null;
  /** the oldest due date among the work still due: how far behind schedule the source is */
  behindSince: string | null;
  throttledUntil: string | null;
  throttleReason: "429" | "403" | null;
  stale: boolean;
}

export interface SyncState {
  /** whether the sync ever ran on this database (without it the catalog is the bundled snapshots, dated per field) */
  active: boolean;
  lastRun: { mode: SyncMode; startedAt: string; finishedAt: string | null } | null;
  sources: Record<SyncSourceId, SourceStatus>;
}

type Row = Record<string, any>;

/** The sync's state from its tables; `counts` adds the due and failing counts of per-app work (a scan of sync_tasks). */
export async function readSyncState(pool: Pick<pg.Pool, "query">, counts: boolean): Promise<SyncState> {
  const { rows: runs } = await pool.query<Row>("SELECT mode, started_at, finished_at FROM sync_runs ORDER BY id DESC LIMIT 1");
  const lastRun = runs[0] ? { mode: runs[0].mode, startedAt: iso(runs[0].started_at)!, finishedAt: iso(runs[0].finished_at) } : null;
  const [jobs, hosts, behind, tally] = await Promise.all([
    pool.query<Row>("SELECT id, last_attempt_at, last_success_at, last_error, last_error_at FROM sync_jobs"),
    pool.query<Row>("SELECT host, CASE WHEN paused_until > now() THEN paused_until END AS paused_until, pause_reason FROM sync_hosts"),
    lastRun ? oldestDue(pool) : Promise.resolve(new Map<string, Date>()),
    lastRun && counts ? taskCounts(pool) : Promise.resolve(new Map<string, Row>()),
  ]);
  const jobById = new Map(jobs.rows.map((row) => [row.id, row]));
  const hostById = new Map(hosts.rows.map((row) => [row.host, row]));
  const keyed = Boolean(process.env.STEAM_API_KEY?.trim());
  const sources = {} as Record<SyncSourceId, SourceStatus>;
  for (const [id, s] of Object.entries(SYNC_SOURCES) as [SyncSourceId, SourceSpec][]) {
    const job = jobById.get(s.job);
    const host = hostById.get(s.host);
    const since = s.kind ? (behind.get(s.kind) ?? null) : null;
    const count = s.kind ? tally.get(s.kind) : undefined;
    const configured = !s.needsKey || keyed || Boolean(job?.last_success_at);
    sources[id] = {
      name: s.name,
      source: s.source,
      host: HOST_NAMES[s.host],
      endpoint: s.endpoint,
      description: s.description,
      configured,
      lastAttemptAt: iso(job?.last_attempt_at),
      lastSuccessAt: iso(job?.last_success_at),
      lastError: job?.last_error ?? null,
      lastErrorAt: iso(job?.last_error_at),
      appsDue: s.kind && counts ? Number(count?.due ?? 0) : null,
      appsFailing: s.kind && counts ? Number(count?.failing ?? 0) : null,
      behindSince: iso(since),
      throttledUntil: iso(host?.paused_until),
      throttleReason: host?.paused_until ? host.pause_reason : null,
      stale: Boolean(lastRun) && configured && isStale(s, job?.last_success_at ?? null, since),
    };
  }
  return { active: Boolean(lastRun), lastRun, sources };
}

function isStale(s: SourceSpec, lastSuccess: Date | null, behindSince: Date | null): boolean {
  const limit = Date.now() - s.staleAfterHours * 3_600_000;
  if (s.kind) return behindSince !== null && behindSince.getTime() < limit;
  return lastSuccess === null || lastSuccess.getTime() < limit;
}

/** The oldest due date of each kind's due work: one index lookup per kind. */
async function oldestDue(pool: Pick<pg.Pool, "query">): Promise<Map<string, Date>> {
  const { rows } = await pool.query<Row>(
    `SELECT k.kind, (SELECT min(due_at) FROM sync_tasks t WHERE t.kind = k.kind AND t.due_at <= now()) AS since
     FROM unnest($1::text[]) AS k(kind)`,
    [Object.values(SYNC_SOURCES).flatMap((s) => (s.kind ? [s.kind] : []))],
  );
  return new Map(rows.filter((row) => row.since).map((row) => [row.kind, row.since]));
}

/**
 * The due and failing counts scan sync_tasks (about 400,000 rows at 80,000 apps): a process reuses them for a few
 * seconds, so a client polling GET /status (it is free) costs one scan per interval, not one per call. The rest of
 * the state (pauses, staleness) is read fresh every time.
 */
const COUNTS_MAX_AGE_MS = 10_000;
let recentCounts: { at: number; counts: Promise<Map<string, Row>> } | undefined;

function taskCounts(pool: Pick<pg.Pool, "query">): Promise<Map<string, Row>> {
  if (!recentCounts || Date.now() - recentCounts.at > COUNTS_MAX_AGE_MS) {
    const counts = countTasks(pool);
    recentCounts = { at: Date.now(), counts };
    counts.catch(() => (recentCounts = undefined));
  }
  return recentCounts.counts;
}

async function countTasks(pool: Pick<pg.Pool, "query">): Promise<Map<string, Row>> {
  const { rows } = await pool.query<Row>(
    `SELECT kind, count(*) FILTER (WHERE due_at <= now() AND (lease_until IS NULL OR lease_until <= now())) AS due,
       count(*) FILTER (WHERE failures > 0) AS failing
     FROM sync_tasks GROUP BY kind`,
  );
  return new Map(rows.map((row) => [row.kind, row]));
}

function iso(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

