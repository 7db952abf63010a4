import { Prisma } from "../db/generated/client";
import type { GameSummary } from "./game-schema";
import { getTagCatalog } from "./tag-catalog";

const GAME_COLUMNS = Prisma.sql`
  g.app_id, g.name, g.slug, g.type, g.developers, g.publishers,
  to_char(g.release_date, 'YYYY-MM-DD') AS release_date, g.release_precision, g.release_year, g.release_text,
  g.price_cents, g.initial_price_cents, g.currency, g.discount_percent, g.is_free,
  g.platforms, g.genres, g.categories,
  g.reviews_positive, g.reviews_negative, g.reviews_total, g.rating, g.review_score, g.review_label,
  g.owners_low, g.owners_high, g.ccu, g.players, g.playtime_avg_minutes, g.playtime_median_minutes,
  g.coverage, g.sources`;

/** Columns of a game summary, tags aggregated in store order, so one statement serves a game. */
export const GAME_SUMMARY_COLUMNS = Prisma.sql`${GAME_COLUMNS},
  (SELECT json_agg(json_build_object('slug', t.slug, 'name', t.name, 'id', t.id, 'rank', gt.rank) ORDER BY gt.rank)
     FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = g.app_id) AS tags`;

/**
 * The same for a page of games, tags as [id, rank] pairs in store order, named from the tag catalog by
 * toListedGames: joining tags per game made PostgreSQL hash all 444 tags for each row of the page (3 of
 * the 4 ms of a 25-game page, docs/benchmarks.md "Lists").
 */
export const GAME_LIST_COLUMNS = Prisma.sql`${GAME_COLUMNS},
  (SELECT json_agg(json_build_array(gt.tag_id, gt.rank) ORDER BY gt.rank) FROM game_tags gt WHERE gt.app_id = g.app_id) AS tag_ranks`;

export interface ListedGameRow extends Omit<GameRow, "tags"> {
  tag_ranks: [number, number][] | null;
}

/** Rows of GAME_LIST_COLUMNS as summaries: tag ids named from the catalog, read again if one is new to it. */
export async function toListedGames(rows: ListedGameRow[]): Promise<GameSummary[]> {
  let catalog = await getTagCatalog();
  const known = (row: ListedGameRow) => (row.tag_ranks ?? []).every(([id]) => catalog.byId.has(id));
  if (!rows.every(known)) catalog = await getTagCatalog(Date.now(), { fresh: true });
  const named = ([id, rank]: [number, number]) => {
    const tag = catalog.byId.get(id);
    return { slug: tag?.slug ?? "", name: tag?.name ?? "", id, rank };
  };
  return rows.map((row) => summarize(row, row.tag_ranks ? row.tag_ranks.map(named) : null));
}

export interface GameRow {
  app_id: number;
  name: string;
  slug: string;
  type: string | null;
  developers: string[];
  publishers: string[];
  release_date: string | null;
  release_precision: string;
  release_year: number | null;
  release_text: string | null;
  price_cents: number | null;
  initial_price_cents: number | null;
  currency: string | null;
  discount_percent: number | null;
  is_free: boolean | null;
  platforms: string[];
  genres: string[];
  categories: string[];
  reviews_positive: number | null;
  reviews_negative: number | null;
  reviews_total: number | null;
  rating: number | null;
  review_score: number | null;
  review_label: string | null;
  owners_low: number | null;
  owners_high: number | null;
  ccu: number | null;
  players: number | null;
  playtime_avg_minutes: number | null;
  playtime_median_minutes: number | null;
  coverage: string;
  sources: Record<string, { source: string; observedAt: string }>;
  tags: GameSummary["tags"];
}

/** A stored row as the API shows it: a family with no source was not collected and reads `null`. */
export function toGameSummary(row: GameRow): GameSummary {
  return summarize(row, row.tags);
}

function summarize(row: Omit<GameRow, "tags">, tags: GameRow["tags"] | null): GameSummary {
  const has = (family: string) => Boolean(row.sources?.[family]);
  return {
    appId: row.app_id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    developers: row.developers,
    publishers: row.publishers,
    release: {
      date: row.release_date,
      precision: row.release_precision as GameSummary["release"]["precision"],
      year: row.release_year,
      text: row.release_text,
    },
    price: has("price")
      ? {
          currentCents: row.price_cents,
          initialCents: row.initial_price_cents,
          currency: row.currency,
          discountPercent: row.discount_percent,
          isFree: row.is_free,
        }
      : null,
    platforms: has("platforms") ? (row.platforms as ("windows" | "mac" | "linux")[]) : null,
    genres: has("genres") ? row.genres : null,
    categories: has("categories") ? row.categories : null,
    tags: has("tags") && tags ? tags : null,
    reviews: toReviews(row),
    owners: row.owners_low !== null && row.owners_high !== null ? { low: row.owners_low, high: row.owners_high } : null,
    ccu: row.ccu,
    players: row.players,
    playtime:
      row.playtime_avg_minutes !== null || row.playtime_median_minutes !== null
        ? { averageMinutes: row.playtime_avg_minutes, medianMinutes: row.playtime_median_minutes }
        : null,
    coverage: row.coverage as GameSummary["coverage"],
    sources: row.sources ?? {},
  };
}

function toReviews(row: Omit<GameRow, "tags">): GameSummary["reviews"] {
  if (row.reviews_total === null || row.reviews_positive === null || row.reviews_negative === null) return null;
  return {
    positive: row.reviews_positive,
    negative: row.reviews_negative,
    total: row.reviews_total,
    rating: row.rating === null ? null : Math.round(row.rating * 10_000) / 10_000,
    score: row.review_score ?? 0,
    label: row.review_label ?? "",
  };
}
