import { ApiError } from "../../api/api-error";
import { getPrisma } from "../../db/prisma-client";
import { refreshCompanyNames, type CompanyKind } from "./refresh-company-names";

export interface CompanyNames {
  slug: string;
  names: { name: string; games: number }[];
}

// A database ingested before company_names existed has the table empty: fill it once, on first use.
let known = false;

async function ensureCompanyNames() {
  if (known) return;
  const prisma = getPrisma();
  const [{ filled }] = await prisma.$queryRaw<{ filled: boolean }[]>`SELECT EXISTS (SELECT 1 FROM company_names) AS filled`;
  if (!filled) await refreshCompanyNames((text, values) => prisma.$queryRawUnsafe(text, ...values));
  known = true;
}

/** The names a developer or publisher slug stands for, or NOT_FOUND with the closest slugs. */
export async function findCompany(kind: CompanyKind, slug: string): Promise<CompanyNames> {
  await ensureCompanyNames();
  const prisma = getPrisma();
  const rows = await prisma.$queryRaw<{ name: string; games: number }[]>`
    SELECT name, game_count AS games FROM company_names WHERE kind = ${kind} AND slug = ${slug}
    ORDER BY game_count DESC, name`;
  if (rows.length > 0) return { slug, names: rows };
  const suggestions = await suggestSlugs(kind, slug);
  const hint = suggestions.length ? ` Did you mean ${suggestions.map((s) => `'${s}'`).join(", ")}?` : "";
  throw new ApiError("NOT_FOUND", `No ${kind} with slug '${slug.slice(0, 80)}'.${hint} Slugs are the names in kebab-case (GET /games lists names).`, {
    param: "slug",
    details: { suggestions },
  });
}

async function suggestSlugs(kind: CompanyKind, slug: string): Promise<string[]> {
  const rows = await getPrisma().$queryRaw<{ slug: string }[]>`
    SELECT slug FROM company_names
    WHERE kind = ${kind} AND (slug % ${slug} OR slug LIKE ${`${slug.replace(/[\\%_]/g, "")}%`})
    GROUP BY slug ORDER BY max(similarity(slug, ${slug})) DESC, sum(game_count) DESC, slug LIMIT 5`;
  return rows.map((row) => row.slug);
}
