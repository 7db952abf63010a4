// npm run bench:sync, part "calls": the requests a day the sync's schedule needs for a catalog of 80,000 apps,
// per host, against each host's daily budget. Tier sizes are counted on the real ingested catalog with the
// engine's own definitions (lib/sync/task-schedule.ts: thresholds, hotSql) and scaled to 80,000 apps.
import pg from "pg";
import { DEFAULT_BUDGETS, type HostId } from "../../lib/sync/sync-config";
import { syncDb } from "../../lib/sync/sync-db";
import { TASK_KINDS } from "../../lib/sync/task-kinds";
import { computeThresholds, HOT_RANK, hotSql } from "../../lib/sync/task-schedule";
import { PRICE_BATCH_SIZE } from "../../lib/sync/sources/steam-store";
import { APP_LIST_PAGE_SIZE } from "../../lib/sync/sources/steam-api";

export const TARGET_APPS = 80_000;
/** SteamSpy's snapshot of an ordinary day (2023-02-04, no seasonal sale) gives the everyday share of discounts. */
const ORDINARY_DAY_SOURCE = "steamspy-2023-02-04";
/** The release dates come from a store scrape of early 2023 (its releases thin out after February 2023). */
export const RELEASE_DATA_DAY = "2023-03-01";
const SALE_SHARE = 0.3;
/** SteamSpy request=all pages hold 1,000 apps; one more request finds the empty page that ends the walk. */
const SPY_PAGE = 1_000;

export interface TierCounts {
  scenario: string;
  /** how `hot` was counted */
  definition: string;
  catalog: number;
  hot: number;
  tail: number;
}

export interface HostCalls {
  /** calls a day per kind or walk */
  parts: Record<string, number>;
  total: number;
  budget: number;
  percent: number;
}

export interface CallsRow extends TierCounts {
  scaledHot: number;
  scaledTail: number;
  hosts: Record<HostId, HostCalls>;
}

export interface CallsFigures {
  catalog: number;
  scale: number;
  thresholds: { reviews: number; players: number };
  criteria: Record<string, number>;
  today: string;
  rows: CallsRow[];
}

export async function measureCalls(databaseUrl: string): Promise<CallsFigures> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const db = syncDb(pool);
    const hot = await computeThresholds(db);
    const today = (await pool.query<{ d: string }>("SELECT to_char(current_date, 'YYYY-MM-DD') AS d")).rows[0].d;
    const ranked = `((${hot.reviews} > 0 AND coalesce(g.reviews_total, 0) >= ${hot.reviews})
      OR (${hot.players} > 0 AND greatest(coalesce(g.players, 0), coalesce(g.ccu, 0)) >= ${hot.players}))`;
    const recent = (day: string) => `(g.release_date <= DATE '${day}' AND g.release_date >= DATE '${day}' - 90)`;
    const ordinaryDiscount = `EXISTS (SELECT 1 FROM snapshots s WHERE s.app_id = g.app_id AND s.source = '${ORDINARY_DAY_SOURCE}' AND s.discount_percent > 0)`;
    // a fixed 30% of the catalog, chosen by a hash of the app id (independent of rank, release and price)
    const sale = `((hashint4(g.app_id) & 2147483647) % 100) < ${Math.round(SALE_SHARE * 100)}`;
    const { rows } = await pool.query(
      `SELECT count(*)::int AS catalog,
         count(*) FILTER (WHERE coalesce(g.reviews_total, 0) >= ${hot.reviews})::int AS by_reviews,
         count(*) FILTER (WHERE greatest(coalesce(g.players, 0), coalesce(g.ccu, 0)) >= ${hot.players})::int AS by_players,
         count(*) FILTER (WHERE ${ranked})::int AS ranked,
         count(*) FILTER (WHERE coalesce(g.discount_percent, 0) > 0)::int AS discounted_stored,
         count(*) FILTER (WHERE ${ordinaryDiscount})::int AS discounted_ordinary,
         count(*) FILTER (WHERE ${recent(today)})::int AS recent_today,
         count(*) FILTER (WHERE ${recent(RELEASE_DATA_DAY)})::int AS recent_data,
         count(*) FILTER (WHERE ${sale})::int AS sale_sample,
         count(*) FILTER (WHERE ${hotSql(hot, today)})::int AS hot_engine_today,
         count(*) FILTER (WHERE ${ranked} OR ${ordinaryDiscount} OR ${recent(RELEASE_DATA_DAY)})::int AS hot_ordinary,
         count(*) FILTER (WHERE ${ranked} OR ${sale} OR ${recent(RELEASE_DATA_DAY)})::int AS hot_sale,
         count(*) FILTER (WHERE ${ranked} OR ${recent(RELEASE_DATA_DAY)})::int AS hot_no_discount
       FROM games g`,
    );
    const c = rows[0] as Record<string, number>;
    const scale = TARGET_APPS / c.catalog;
    const tiers: TierCounts[] = [
      {
        scenario: "ordinary day",
        definition: `top ${HOT_RANK.toLocaleString("en-US")} by reviews or players, discounted in SteamSpy's ${ORDINARY_DAY_SOURCE.slice(-10)} snapshot, released in the 90 days before ${RELEASE_DATA_DAY}`,
        catalog: c.catalog,
        hot: c.hot_ordinary,
        tail: c.catalog - c.hot_ordinary,
      },
      {
        scenario: "as ingested, today (the engine's plan now)",
        definition: `hotSql with today ${today}: discounts as stored (SteamSpy 2025-01-01, the Winter Sale's last days)`,
        catalog: c.catalog,
        hot: c.hot_engine_today,
        tail: c.catalog - c.hot_engine_today,
      },
      {
        scenario: "sale day (30% discounted)",
        definition: `as "ordinary day", the discounts replaced by 30% of the catalog (by a hash of the app id)`,
        catalog: c.catalog,
        hot: c.hot_sale,
        tail: c.catalog - c.hot_sale,
      },
    ];
    const listPages = Math.ceil(TARGET_APPS / APP_LIST_PAGE_SIZE);
    const spyPages = Math.ceil(TARGET_APPS / SPY_PAGE) + 1;
    const rowsOut = tiers.map((tier) => {
      const h = tier.hot * scale;
      const t = tier.tail * scale;
      const every = (kind: keyof typeof TASK_KINDS) => h / TASK_KINDS[kind].days.hot + t / TASK_KINDS[kind].days.tail;
      const hosts = {
        store: host("store", {
          details: every("details"),
          // a price call carries 100 apps, hot and tail alike (both daily)
          prices: (h / TASK_KINDS.prices.days.hot + t / TASK_KINDS.prices.days.tail) / PRICE_BATCH_SIZE,
          reviews: every("reviews"),
        }),
        api: host("api", {
          players: every("players"),
          // 23 hourly walks of the apps changed since the last (one page each) and one full walk
          "app list": 23 + listPages,
          "tag list": 1,
        }),
        steamspy: host("steamspy", { tags: every("tags"), "request=all pages": spyPages }),
        steamspyAll: host("steamspyAll", { "request=all pages": spyPages }),
      } as Record<HostId, HostCalls>;
      return { ...tier, scaledHot: h, scaledTail: t, hosts };
    });
    return {
      catalog: c.catalog,
      scale,
      thresholds: hot,
      today,
      criteria: {
        [`reviews_total >= ${hot.reviews} (the ${HOT_RANK}th)`]: c.by_reviews,
        [`players or ccu >= ${hot.players} (the ${HOT_RANK}th)`]: c.by_players,
        "either of the two ranks": c.ranked,
        "discounted as stored (2025-01-01)": c.discounted_stored,
        [`discounted on ${ORDINARY_DAY_SOURCE.slice(-10)}`]: c.discounted_ordinary,
        [`released in the 90 days before ${RELEASE_DATA_DAY}`]: c.recent_data,
        [`released in the 90 days before today (${today})`]: c.recent_today,
        "ranked or recent (no discount)": c.hot_no_discount,
        "30% sale sample": c.sale_sample,
      },
      rows: rowsOut,
    };
  } finally {
    await pool.end();
  }
}

/** Budget a day: the budget's requests per window, windows in a day. */
export function dailyBudget(hostId: HostId): number {
  const budget = DEFAULT_BUDGETS[hostId];
  return (budget.requests * 86_400) / budget.windowSeconds;
}

function host(hostId: HostId, parts: Record<string, number>): HostCalls {
  const total = Object.values(parts).reduce((sum, n) => sum + n, 0);
  const budget = dailyBudget(hostId);
  return { parts, total, budget, percent: (100 * total) / budget };
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");

export function callsLines(f: CallsFigures): string[] {
  const lines = [
    `Catalog: ${f.catalog.toLocaleString("en-US")} games ingested from prisma/data, scaled by ${f.scale.toFixed(4)} to ${TARGET_APPS.toLocaleString("en-US")} apps (every tier count multiplied alike).`,
    `Hot thresholds (computeThresholds): reviews_total >= ${f.thresholds.reviews.toLocaleString("en-US")}, players/ccu >= ${f.thresholds.players.toLocaleString("en-US")}.`,
    "Criteria (unscaled): " + Object.entries(f.criteria).map(([k, v]) => `${k}: ${v.toLocaleString("en-US")}`).join("; ") + ".",
    "",
    "| scenario | hot | tail | store: details + prices + reviews = calls/day | % of 57,600 | api: players + app list + tag list | % of 100,000 | steamspy: tags + all pages | % of 86,400 | request=all | % of 1,440 |",
    "|---|---:|---:|---|---:|---|---:|---|---:|---:|---:|",
  ];
  for (const r of f.rows) {
    const s = r.hosts.store;
    const a = r.hosts.api;
    const p = r.hosts.steamspy;
    const all = r.hosts.steamspyAll;
    lines.push(
      `| ${r.scenario} | ${int(r.scaledHot)} | ${int(r.scaledTail)} | ${int(s.parts.details)} + ${int(s.parts.prices)} + ${int(s.parts.reviews)} = **${int(s.total)}** | **${s.percent.toFixed(1)}%** | ` +
        `${int(a.parts.players)} + ${int(a.parts["app list"])} + ${int(a.parts["tag list"])} = ${int(a.total)} | ${a.percent.toFixed(1)}% | ` +
        `${int(p.parts.tags)} + ${int(p.parts["request=all pages"])} = ${int(p.total)} | ${p.percent.toFixed(1)}% | ${int(all.total)} | ${all.percent.toFixed(1)}% |`,
    );
  }
  lines.push("", ...f.rows.map((r) => `- ${r.scenario}: hot = ${r.definition}.`));
  return lines;
}
