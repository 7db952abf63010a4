import { slugify } from "../slugify";

/** Runs one SQL statement and returns its rows: a pg pool's or Prisma's raw query, adapted. */
export type RunSql = (text: string, values: unknown[]) => Promise<unknown[]>;

export const COMPANY_KINDS = { developer: "developers", publisher: "publishers" } as const;
export type CompanyKind = keyof typeof COMPANY_KINDS;

/**
 * Refills company_names from the games' developer and publisher lists, slugged by lib/market/slugify.ts
 * (which SQL cannot reproduce). Upsert then prune: a concurrent reader sees old or new names, never none.
 */
export async function refreshCompanyNames(run: RunSql): Promise<number> {
  const kinds: string[] = [];
  const names: string[] = [];
  const slugs: string[] = [];
  const counts: number[] = [];
  for (const [kind, column] of Object.entries(COMPANY_KINDS)) {
    const rows = (await run(
      `SELECT n AS name, count(DISTINCT g.app_id)::int AS games FROM games g, unnest(g.${column}) AS n WHERE btrim(n) <> '' GROUP BY n`,
      [],
    )) as { name: string; games: number }[];
    for (const row of rows) {
      const slug = slugify(row.name);
      if (!slug) continue;
      kinds.push(kind);
      names.push(row.name);
      slugs.push(slug);
      counts.push(row.games);
    }
  }
  await run(
    `INSERT INTO company_names (kind, name, slug, game_count)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[])
     ON CONFLICT (kind, name) DO UPDATE SET slug = EXCLUDED.slug, game_count = EXCLUDED.game_count
     WHERE company_names.slug <> EXCLUDED.slug OR company_names.game_count <> EXCLUDED.game_count`,
    [kinds, names, slugs, counts],
  );
  await run(
    `DELETE FROM company_names WHERE (kind, name) NOT IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [kinds, names],
  );
  return names.length;
}
