import { ApiError } from "../api/api-error";
import { suggestTags } from "./search-tags";
import { getTagCatalog, type TagRecord } from "./tag-catalog";

/** Resolves tag slugs; any unknown one fails the whole request with INVALID_TAG and suggestions. */
export async function resolveTagSlugs(slugs: string[] | undefined, param: string): Promise<TagRecord[]> {
  if (!slugs?.length) return [];
  const catalog = await getTagCatalog();
  const unknown = slugs.filter((slug) => !catalog.bySlug.has(slug.toLowerCase()));
  if (unknown.length > 0) throw invalidTags(unknown, param, (slug) => suggestTags(catalog, slug));
  return [...new Set(slugs.map((slug) => slug.toLowerCase()))].map((slug) => catalog.bySlug.get(slug)!);
}

function invalidTags(unknown: string[], param: string, suggest: (slug: string) => string[]): ApiError {
  const suggestions = Object.fromEntries(unknown.map((slug) => [slug, suggest(slug)]));
  const described = unknown
    .map((slug) => `'${slug}'${suggestions[slug].length ? ` (did you mean ${suggestions[slug].join(", ")}?)` : ""}`)
    .join("; ");
  return new ApiError(
    "INVALID_TAG",
    `Unknown tag slug${unknown.length > 1 ? "s" : ""}: ${described}. List valid slugs with GET /api/v1/tags?q=...`,
    { param, details: { invalidValues: unknown, suggestions } },
  );
}
