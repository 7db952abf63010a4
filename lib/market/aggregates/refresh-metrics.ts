import { createHash } from "node:crypto";
import pg from "pg";
import { guardClient } from "../../db/connection-fault";
import { estimateSql } from "../estimates";

// game_metrics (migration 0009): one row per game with the metric values as the API defines them, each
// game's revenue estimate, and a small integer per combination of sources. Rebuilt whole from `games`
// at the end of every ingestion, and at start when the definition here changed since the last rebuild.

/** Runs one statement on one connection (a pg.Client, a pool's checked-out client): the refresh is a transaction. */
export type Query = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Column name and its expression over `games g`. */
const COLUMNS: [string, string][] = [
  ["app_id", "g.app_id"],
  ["release_year", "g.release_year"],
  ["release_month", "CASE WHEN g.release_precision IN ('day', 'month') THEN to_char(g.release_date, 'YYYY-MM') END"],
  ["primary_tag_id", "(SELECT gt.tag_id FROM game_tags gt WHERE gt.app_id = g.app_id ORDER BY gt.rank LIMIT 1)"],
  ["reviews_total", "g.reviews_total"],
  ["reviews_positive", "g.reviews_positive"],
  ["rating", "g.rating"],
  // USD prices only (a free game is 0 in any currency); other currencies are flagged, never converted
  ["price_usd_cents", "CASE WHEN g.currency = 'USD' OR g.price_cents = 0 THEN g.price_cents END"],
  ["price_non_usd", "(g.price_cents IS NOT NULL AND g.price_cents <> 0 AND g.currency IS DISTINCT FROM 'USD')"],
  ["ccu", "g.ccu"],
  ["price_cents", "g.price_cents"],
  ["initial_price_cents", "g.initial_price_cents"],
  ["currency", "g.currency"],
  ["is_free", "g.is_free"],
  ["owners_low", "g.owners_low"],
  ["owners_high", "g.owners_high"],
  // midpoint of SteamSpy's owners range: an estimate, not an observation
  ["owners_mid", "((g.owners_low::bigint + g.owners_high::bigint) / 2)::bigint"],
  ["genres", "g.genres"],
  ["platforms", "g.platforms"],
  ["coverage", "g.coverage"],
  ...(["reviews", "price", "ccu", "owners"] as const).flatMap((family): [string, string][] => [
    [`${family}_source`, `g.sources -> '${family}' ->> 'source'`],
    [`${family}_observed_at`, `g.sources -> '${family}' ->> 'observedAt'`],
  ]),
];

/** Per family, the condition for its source to count: the game has a value of that family's metric. */
export const BASIS_FAMILIES = [
  { family: "reviews", has: "m.reviews_total IS NOT NULL" },
  { family: "price", has: "m.price_usd_cents IS NOT NULL" },
  { family: "ccu", has: "m.ccu IS NOT NULL" },
  { family: "owners", has: "m.owners_mid IS NOT NULL" },
] as const;

/** The (source, observed day) pairs that make up a game's basis, over alias `m`. */
export function basisColumns(alias = "m"): string[] {
  return BASIS_FAMILIES.flatMap(({ family, has }) => {
    const when = has.replaceAll("m.", `${alias}.`);
    return [
      `CASE WHEN ${when} THEN ${alias}.${family}_source END AS ${family}_source`,
      `CASE WHEN ${when} THEN ${alias}.${family}_observed_at END AS ${family}_at`,
    ];
  });
}

/**
 * The basis key: a 64-bit hash of the game's (source, observed day) per family, the same for every game with
 * the same combination. A hash, not a rank over the table, so the rows of a few games can be recomputed alone
 * (the sync's writes, refreshGameMetricsFor) and still share keys with the rest.
 */
function basisKeyExpression(): string {
  const parts = basisColumns().map((column) => `coalesce(${column.replace(/ AS \w+$/, "")}, '~')`);
  return `hashtextextended(concat_ws('|', ${parts.join(", ")}), 0)`;
}

function refreshStatement(): { text: string; digest: string } {
  const revenueSql = estimateSql("m").revenue;
  if (revenueSql.values.length > 0) throw new Error("the estimates SQL must be parameter-free to be stored");
  const revenue = revenueSql.text;
  const body = `SELECT m.*, ${revenue} AS revenue_usd, $1::text AS definition_digest, ${basisKeyExpression()} AS basis_key
    FROM (SELECT ${COLUMNS.map(([name, expression]) => `${expression} AS ${name}`).join(",\n      ")} FROM games g /*games*/) m`;
  const digest = createHash("sha256").update(body).digest("hex").slice(0, 16);
  const names = [...COLUMNS.map(([name]) => name), "revenue_usd", "definition_digest", "basis_key"];
  return { text: `INSERT INTO game_metrics (${names.join(", ")}) ${body}`, digest };
}

/** Rebuilds game_metrics from `games` in one transaction: readers wait for its commit, then see the new rows. */
export async function refreshGameMetrics(query: Query): Promise<void> {
  const { text, digest } = refreshStatement();
  await query("BEGIN");
  try {
    await query("SELECT pg_advisory_xact_lock(hashtext('ludex.game_metrics'))");
    await query("TRUNCATE game_metrics");
    await query(text, [digest]);
    await query("COMMIT");
  } catch (error) {
    await query("ROLLBACK").catch(() => undefined);
    throw error;
  }
  // VACUUM, not only ANALYZE: the fresh rows' visibility is settled once here, not by the first readers
  await query("VACUUM ANALYZE game_metrics");
}

/**
 * Recomputes the rows of these games only (the sync changed them), in one transaction: no lock on the rest of
 * the table, so aggregates keep answering while the catalog is refreshed.
 */
export async function refreshGameMetricsFor(query: Query, appIds: number[]): Promise<void> {
  if (appIds.length === 0) return;
  const { text, digest } = refreshStatement();
  await query("BEGIN");
  try {
    // two sync workers may recompute the same game at once: the second's DELETE could not see the first's new row
    await query("SELECT pg_advisory_xact_lock(hashtext('ludex.game_metrics'))");
    await query("DELETE FROM game_metrics WHERE app_id = ANY($1::int[])", [appIds]);
    await query(text.replace("/*games*/", "WHERE g.app_id = ANY($2::int[])"), [digest, appIds]);
    await query("COMMIT");
  } catch (error) {
    await query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Rebuilds game_metrics when games exist and the table is empty or was built by another definition. */
export async function ensureGameMetrics(query: Query): Promise<boolean> {
  const { digest } = refreshStatement();
  const { rows } = await query(
    `SELECT EXISTS (SELECT 1 FROM games) AS has_games,
            EXISTS (SELECT 1 FROM game_metrics) AS filled,
            EXISTS (SELECT 1 FROM game_metrics WHERE definition_digest <> $1) AS stale`,
    [digest],
  );
  const { has_games, filled, stale } = rows[0] as { has_games: boolean; filled: boolean; stale: boolean };
  if (!has_games || (filled && !stale)) return false;
  await refreshGameMetrics(query);
  return true;
}

/** ensureGameMetrics on its own connection to `databaseUrl` (the launcher and `npm run migrate` call this). */
export async function ensureGameMetricsAt(databaseUrl: string): Promise<boolean> {
  const client = guardClient(new pg.Client({ connectionString: databaseUrl }), "metrics refresh");
  await client.connect();
  try {
    return await ensureGameMetrics((text, values) => client.query(text, values));
  } finally {
    await client.end();
  }
}
