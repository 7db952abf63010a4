import { getPrisma } from "../../db/prisma-client";
import { COMPANY_KINDS, type CompanyKind } from "./refresh-company-names";
import { findCompany } from "./find-company";
import { releaseCadence, type DatedRelease } from "./release-cadence";

export const PORTFOLIO_SORTS = ["reviews", "-reviews", "releaseDate", "-releaseDate", "name", "-name"] as const;
export type PortfolioSort = (typeof PORTFOLIO_SORTS)[number];

interface PortfolioRow {
  app_id: number;
  name: string;
  release_date: string | null;
  release_precision: string;
  release_year: number | null;
  reviews_positive: number | null;
  reviews_negative: number | null;
  reviews_total: number | null;
  reviews_source: string | null;
  price_cents: number | null;
  currency: string | null;
}

/** A developer's or publisher's games, totals and release cadence; names matched exactly (case included). */
export async function companyProfile(kind: CompanyKind, slug: string, page: { limit: number; offset: number; sort: PortfolioSort }) {
  const company = await findCompany(kind, slug);
  const names = company.names.map((n) => n.name);
  const column = COMPANY_KINDS[kind];
  const rows = await getPrisma().$queryRawUnsafe<PortfolioRow[]>(
    `SELECT g.app_id, g.name, to_char(g.release_date, 'YYYY-MM-DD') AS release_date, g.release_precision, g.release_year,
       g.reviews_positive, g.reviews_negative, g.reviews_total, g.sources->'reviews'->>'source' AS reviews_source,
       g.price_cents, g.currency
     FROM games g WHERE g.${column} && $1::text[]`,
    names,
  );
  const sorted = sortPortfolio(rows, page.sort);
  const items = sorted.slice(page.offset, page.offset + page.limit).map(toItem);
  const next = page.offset + page.limit;
  return {
    slug: company.slug,
    kind,
    names: company.names,
    totals: totals(rows),
    cadence: releaseCadence(rows.map(toRelease)),
    games: { total: rows.length, limit: page.limit, offset: page.offset, sort: page.sort, ...(next < rows.length ? { nextOffset: next } : {}), items },
  };
}

function toRelease(row: PortfolioRow): DatedRelease {
  return { date: row.release_date, precision: row.release_precision, year: row.release_year };
}

function toItem(row: PortfolioRow) {
  return {
    appId: row.app_id,
    name: row.name,
    release: { date: row.release_date, precision: row.release_precision, year: row.release_year },
    reviews:
      row.reviews_total === null
        ? null
        : { total: row.reviews_total, positive: row.reviews_positive, rating: row.reviews_total > 0 ? round(row.reviews_positive! / row.reviews_total) : null, source: row.reviews_source },
    price: row.price_cents === null ? null : { cents: row.price_cents, currency: row.currency },
  };
}

/** Review totals over the games whose counts were collected; the positive share is weighted by reviews. */
function totals(rows: PortfolioRow[]) {
  const reviewed = rows.filter((r) => r.reviews_total !== null && r.reviews_positive !== null);
  const reviews = reviewed.reduce((sum, r) => sum + r.reviews_total!, 0);
  const positive = reviewed.reduce((sum, r) => sum + r.reviews_positive!, 0);
  const bySource: Record<string, number> = {};
  for (const r of reviewed) bySource[r.reviews_source ?? "unknown"] = (bySource[r.reviews_source ?? "unknown"] ?? 0) + 1;
  return {
    games: rows.length,
    gamesWithReviews: reviewed.length,
    reviews,
    positiveReviews: positive,
    positiveShare: reviews > 0 ? round(positive / reviews) : null,
    reviewSources: bySource,
  };
}

function sortPortfolio(rows: PortfolioRow[], sort: PortfolioSort): PortfolioRow[] {
  const descending = sort.startsWith("-");
  const key = descending ? sort.slice(1) : sort;
  const value = (r: PortfolioRow): string | number | null =>
    key === "reviews" ? r.reviews_total : key === "releaseDate" ? r.release_date : r.name.toLowerCase();
  return [...rows].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    if (x === null || y === null) return x === y ? a.app_id - b.app_id : x === null ? 1 : -1;
    const order = x < y ? -1 : x > y ? 1 : 0;
    return (descending ? -order : order) || a.app_id - b.app_id;
  });
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
