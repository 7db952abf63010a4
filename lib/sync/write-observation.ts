import type pg from "pg";
import { FAMILY_COLUMNS, mayReplace, type Family, type SourceTag } from "../market/field-families";
import { COLUMN_TYPES, familyColumns, SNAPSHOT_COLUMNS, type Observation, type SnapshotValues } from "./observation";
import type { TagNames } from "./tag-names";

/** What writing one observation did. */
export interface WriteResult {
  /** the game was not stored and this observation created it */
  created: boolean;
  /** families whose stored values changed */
  changed: Family[];
  /** the game is not stored and the observation cannot create it (no name) */
  missing: boolean;
}

const FAMILY_LIST = Object.keys(FAMILY_COLUMNS) as Family[];
const READ_COLUMNS = [...new Set(Object.values(FAMILY_COLUMNS).flat())]
  .map((column) => (column === "release_date" ? "to_char(release_date, 'YYYY-MM-DD') AS release_date" : column))
  .join(", ");

/**
 * Writes one observation in the caller's transaction: each family only where the stored one is not newer
 * (field-families.ts `mayReplace`), values compared first so an unchanged answer rewrites nothing but its
 * observation day, the day's snapshot row upserted, tags replaced when they changed.
 */
export async function writeObservation(client: pg.ClientBase, obs: Observation, tagNames: TagNames): Promise<WriteResult> {
  let current = await lockGame(client, obs.appId);
  let created = false;
  if (!current) {
    if (!obs.families.catalog) return { created: false, changed: [], missing: true };
    const inserted = await client.query("INSERT INTO games (app_id, name, slug, tag_ids) VALUES ($1, $2, $3, '{}') ON CONFLICT (app_id) DO NOTHING", [
      obs.appId,
      obs.families.catalog.name,
      String(obs.appId),
    ]);
    // another writer may have created it a moment ago: then it is theirs, and this is an update
    created = inserted.rowCount === 1;
    current = (await lockGame(client, obs.appId))!;
  }
  const incoming: SourceTag = { source: obs.source, observedAt: obs.day };
  const sources = { ...(current.sources as Record<string, SourceTag>) };
  const set: Record<string, unknown> = {};
  const changed: Family[] = [];
  for (const family of FAMILY_LIST) {
    if (!(family in obs.families) || !mayReplace(family, sources[family], incoming)) continue;
    const columns = familyColumns(family, obs.families, obs.appId);
    if (!columns) continue;
    sources[family] = incoming;
    const differing = Object.entries(columns).filter(([column, value]) => !sameValue(current[column], value));
    for (const [column, value] of differing) set[column] = value;
    if (differing.length > 0) changed.push(family);
  }
  if (obs.tags?.length && mayReplace("tags", sources.tags, incoming)) {
    const ids = tagNames.idsOf(obs.tags);
    if (ids.length > 0) {
      sources.tags = incoming;
      if (await replaceTags(client, obs.appId, ids, obs.source)) {
        set.tag_ids = [...ids].sort((a, b) => a - b);
        changed.push("tags");
      }
    }
  }
  if (obs.type && obs.type !== current.type) set.type = obs.type;
  if (!sameValue(current.sources, sources)) set.sources = sources;
  const coverage = coverageAfter({ ...current, ...set });
  if (coverage !== current.coverage) set.coverage = coverage;
  if (Object.keys(set).length > 0) await updateGame(client, obs.appId, set);
  if (obs.snapshot) await upsertSnapshot(client, obs);
  return { created, changed, missing: false };
}

async function lockGame(client: pg.ClientBase, appId: number): Promise<Record<string, unknown> | null> {
  const { rows } = await client.query(`SELECT ${READ_COLUMNS}, type, coverage, sources FROM games WHERE app_id = $1 FOR UPDATE`, [appId]);
  return rows[0] ?? null;
}

async function updateGame(client: pg.ClientBase, appId: number, set: Record<string, unknown>) {
  const columns = Object.keys(set);
  const assignments = columns.map((column, i) => `${column} = $${i + 2}::${COLUMN_TYPES[column]}`);
  const values = columns.map((column) => (COLUMN_TYPES[column] === "jsonb" ? JSON.stringify(set[column]) : set[column]));
  await client.query(`UPDATE games SET ${assignments.join(", ")}, updated_at = now() WHERE app_id = $1`, [appId, ...values]);
}

/** Replaces the game's tags when their order or set differs; true when it wrote. */
async function replaceTags(client: pg.ClientBase, appId: number, ids: number[], source: string): Promise<boolean> {
  const { rows } = await client.query<{ tag_id: number }>("SELECT tag_id FROM game_tags WHERE app_id = $1 ORDER BY rank", [appId]);
  if (rows.length === ids.length && rows.every((row, i) => row.tag_id === ids[i])) return false;
  // A changed tag set moves the per-tag counts of game_counts (migration 0024's trigger), in no fixed order:
  // two writers changing tags at once would lock those rows crosswise. Tag changes take turns instead.
  await client.query("SELECT pg_advisory_xact_lock(hashtext('ludex.game_counts'))");
  await client.query("DELETE FROM game_tags WHERE app_id = $1", [appId]);
  await client.query(
    "INSERT INTO game_tags (app_id, tag_id, rank, source) SELECT $1, id, ord::int, $3 FROM unnest($2::int[]) WITH ORDINALITY AS t(id, ord)",
    [appId, ids, source],
  );
  return true;
}

/** One row per app, source and day: a second observation the same day fills or updates that day's row. */
async function upsertSnapshot(client: pg.ClientBase, obs: Observation) {
  const entries = Object.entries(obs.snapshot!).filter(([, value]) => value !== undefined) as [keyof SnapshotValues, number | null][];
  if (entries.length === 0) return;
  const columns = entries.map(([key]) => SNAPSHOT_COLUMNS[key]);
  const merged = columns.map((column) => `COALESCE(EXCLUDED.${column}, snapshots.${column})`);
  await client.query(
    `INSERT INTO snapshots AS snapshots (app_id, source, observed_on, ${columns.join(", ")})
     VALUES ($1, $2, $3::date, ${columns.map((_, i) => `$${i + 4}::int`).join(", ")})
     ON CONFLICT (app_id, source, observed_on) DO UPDATE SET ${columns.map((column, i) => `${column} = ${merged[i]}`).join(", ")}
     WHERE (${columns.map((column) => `snapshots.${column}`).join(", ")}) IS DISTINCT FROM (${merged.join(", ")})`,
    [obs.appId, obs.source, obs.day, ...entries.map(([, value]) => value)],
  );
}

/** Coverage only grows (merge-game.ts): partial once tags and a dated release are known; full stays full. */
function coverageAfter(row: Record<string, unknown>): string {
  if (row.coverage === "full" || row.coverage === "partial") return row.coverage as string;
  const tagged = Array.isArray(row.tag_ids) && row.tag_ids.length > 0;
  return tagged && row.release_precision !== "unknown" ? "partial" : "basic";
}

/** Equality of a stored value and an incoming one, as the database would store it. */
export function sameValue(stored: unknown, incoming: unknown): boolean {
  if (typeof stored === "number" && typeof incoming === "number") return Math.abs(stored - incoming) < 1e-12;
  return canonical(stored ?? null) === canonical(incoming ?? null);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}
