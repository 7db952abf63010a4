import { badRequest } from "../../api/api-error";
import { Prisma } from "../../db/generated/client";

export const GROUP_DIMENSIONS = ["year", "month", "tag", "primaryTag", "genre", "platform", "price"] as const;
export type GroupDimension = (typeof GROUP_DIMENSIONS)[number];

export interface DimensionSpec {
  membership: "single" | "multi";
  /** keys in their natural order (years, months, price buckets) rather than by size */
  ordinal: boolean;
  /** a lateral subquery over alias `m` yielding `k` (key text) and `s` (sort value); no row = no key */
  rows: Prisma.Sql;
  /** SQL condition: the game has a key on this dimension */
  hasKey: Prisma.Sql;
  /** why a game has no key, for the denominators */
  noKeyReason: string;
  description: string;
}

export const DEFAULT_PRICE_EDGES_USD = [0, 0.01, 5, 10, 20, 40];

/** `price:0,5,10,20` (US dollars, ascending, at most 30 edges) -> edges in cents. */
export function parseBuckets(text: string | undefined): { priceEdgesCents: number[] | null } {
  if (text === undefined) return { priceEdgesCents: null };
  const match = /^price:([0-9.,\s]+)$/.exec(text.trim());
  if (!match) throw badRequest("Invalid value for 'buckets': expected price:EDGE,EDGE,... in US dollars, e.g. price:0,5,10,20.", "buckets");
  const parts = match[1].split(",").map((part) => part.trim());
  const edges = parts.map((part) => (/^\d{1,6}(\.\d{1,2})?$/.test(part) ? Math.round(Number(part) * 100) : NaN));
  if (edges.some(Number.isNaN) || edges.length < 1 || edges.length > 30) {
    throw badRequest("Invalid value for 'buckets': 1 to 30 price edges in US dollars (up to 2 decimals), e.g. price:0,5,10,20.", "buckets");
  }
  if (edges.some((edge, i) => i > 0 && edge <= edges[i - 1])) {
    throw badRequest("Invalid value for 'buckets': price edges must be strictly ascending.", "buckets");
  }
  return { priceEdgesCents: edges };
}

export function dimensionSpec(dimension: GroupDimension, priceEdgesCents: number[]): DimensionSpec {
  switch (dimension) {
    case "year":
      return {
        membership: "single",
        ordinal: true,
        rows: Prisma.sql`(SELECT m.release_year::text AS k, m.release_year::float8 AS s WHERE m.release_year IS NOT NULL)`,
        hasKey: Prisma.sql`m.release_year IS NOT NULL`,
        noKeyReason: "release date not collected",
        description: "Release year.",
      };
    case "month":
      return {
        membership: "single",
        ordinal: true,
        rows: Prisma.sql`(SELECT m.release_month AS k, NULL::float8 AS s WHERE m.release_month IS NOT NULL)`,
        hasKey: Prisma.sql`m.release_month IS NOT NULL`,
        noKeyReason: "release month not collected (no date, or only a year)",
        description: "Release month, YYYY-MM (games whose release is known to the month or day).",
      };
    case "tag":
      return {
        membership: "multi",
        ordinal: false,
        rows: Prisma.sql`(SELECT t.slug AS k, NULL::float8 AS s FROM game_tags gt JOIN tags t ON t.id = gt.tag_id WHERE gt.app_id = m.app_id)`,
        hasKey: Prisma.sql`m.primary_tag_id IS NOT NULL`,
        noKeyReason: "no user tags collected",
        description: "User tag: each game counts in every tag it carries, so group sizes add up to more than the cohort.",
      };
    case "primaryTag":
      return {
        membership: "single",
        ordinal: false,
        rows: Prisma.sql`(SELECT t.slug AS k, NULL::float8 AS s FROM tags t WHERE t.id = m.primary_tag_id)`,
        hasKey: Prisma.sql`m.primary_tag_id IS NOT NULL`,
        noKeyReason: "no user tags collected",
        description: "Primary tag: each game once, under its top-ranked tag (store order).",
      };
    case "genre":
      return {
        membership: "multi",
        ordinal: false,
        rows: Prisma.sql`(SELECT x AS k, NULL::float8 AS s FROM unnest(m.genres) AS x)`,
        hasKey: Prisma.sql`cardinality(m.genres) > 0`,
        noKeyReason: "store genres not collected",
        description: "Store genre: each game counts in every genre it lists.",
      };
    case "platform":
      return {
        membership: "multi",
        ordinal: false,
        rows: Prisma.sql`(SELECT x AS k, NULL::float8 AS s FROM unnest(m.platforms) AS x)`,
        hasKey: Prisma.sql`cardinality(m.platforms) > 0`,
        noKeyReason: "platforms not collected",
        description: "Platform (windows, mac, linux): each game counts on every platform it supports.",
      };
    case "price":
      return {
        membership: "single",
        ordinal: true,
        rows: Prisma.sql`(SELECT b::text AS k, b::float8 AS s FROM width_bucket(m.price_usd_cents, ${priceEdgesCents}::int[]) AS b WHERE b > 0)`,
        hasKey: Prisma.sql`m.price_usd_cents >= ${priceEdgesCents[0]}::int`,
        noKeyReason: "no USD price collected (missing, another currency, or below the first edge)",
        description: "Price bucket in USD: [edge, next edge), the last one open-ended (`buckets=price:0,5,10,20`, US dollars).",
      };
  }
}

/** A bucket index (1-based) as its range in cents; `toCents` is exclusive, null for the last bucket. */
export function priceBucket(index: number, edges: number[]) {
  const fromCents = edges[index - 1];
  const toCents = index < edges.length ? edges[index] : null;
  const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const label = toCents === null ? `${dollars(fromCents)}+` : `${dollars(fromCents)} to under ${dollars(toCents)}`;
  return { fromCents, toCents, label };
}
