import { badRequest } from "../api/api-error";
import { getPrisma } from "../db/prisma-client";
import { slugify } from "./slugify";

const TTL_MS = 60_000;
let cached: { genres: Promise<string[]>; loadedAt: number } | undefined;

/** Distinct store genres, cached briefly: they change only when ingestion runs. */
export function getGenres(now = Date.now()): Promise<string[]> {
  if (!cached || now - cached.loadedAt > TTL_MS) {
    const genres = getPrisma()
      .$queryRaw<{ genre: string }[]>`SELECT DISTINCT unnest(genres) AS genre FROM games ORDER BY 1`
      .then((rows) => rows.map((row) => row.genre));
    cached = { genres, loadedAt: now };
    genres.catch(() => (cached = undefined));
  }
  return cached.genres;
}

/** Genre names or slugs to the stored names; unknown ones are a BAD_REQUEST listing the known ones. */
export async function resolveGenres(values: string[] | undefined): Promise<string[]> {
  if (!values?.length) return [];
  const genres = await getGenres();
  const bySlug = new Map(genres.map((genre) => [slugify(genre), genre]));
  return values.map((value) => {
    const genre = bySlug.get(slugify(value));
    if (!genre) {
      throw badRequest(`Unknown genre '${value.slice(0, 80)}'. Known genres: ${[...bySlug.keys()].join(", ")}.`, "genres");
    }
    return genre;
  });
}
