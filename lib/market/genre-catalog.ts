import { badRequest } from "../api/api-error";
import { getPrisma } from "../db/prisma-client";
import { slugify } from "./slugify";

const TTL_MS = 60_000;
export interface Genre {
  name: string;
  /** games carrying it when the catalog was read: how list plans judge its selectivity (search-games.ts) */
  gameCount: number;
}

let cached: { genres: Promise<Genre[]>; loadedAt: number } | undefined;

/** Store genres with their game counts, cached briefly: they change only when ingestion runs. */
export function getGenres(now = Date.now()): Promise<Genre[]> {
  if (!cached || now - cached.loadedAt > TTL_MS) {
    const genres = getPrisma()
      .$queryRaw<{ genre: string; games: number }[]>`SELECT genre, count(*)::int AS games FROM games, unnest(genres) AS genre GROUP BY genre ORDER BY genre`
      .then((rows) => rows.map((row) => ({ name: row.genre, gameCount: row.games })));
    cached = { genres, loadedAt: now };
    genres.catch(() => (cached = undefined));
  }
  return cached.genres;
}

/** Genre names or slugs to the stored genres; unknown ones are a BAD_REQUEST listing the known ones. */
export async function resolveGenres(values: string[] | undefined): Promise<Genre[]> {
  if (!values?.length) return [];
  const genres = await getGenres();
  const bySlug = new Map(genres.map((genre) => [slugify(genre.name), genre]));
  return values.map((value) => {
    const genre = bySlug.get(slugify(value));
    if (!genre) {
      throw badRequest(`Unknown genre '${value.slice(0, 80)}'. Known genres: ${[...bySlug.keys()].join(", ")}.`, "genres");
    }
    return genre;
  });
}
