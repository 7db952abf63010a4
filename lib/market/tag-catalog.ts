import { getPrisma } from "../db/prisma-client";
import { TAG_ALIASES } from "./tag-aliases";
import { compactKey } from "./text-distance";

export interface TagRecord {
  id: number;
  name: string;
  slug: string;
  gameCount: number;
}

export interface TagCatalog {
  tags: TagRecord[];
  bySlug: Map<string, TagRecord>;
  byId: Map<number, TagRecord>;
  /** compact name, compact slug and aliases, each to its tag */
  byKey: Map<string, TagRecord>;
  aliasesOf: Map<string, string[]>;
}

// The 444 tags change only when ingestion runs; a short per-process cache keeps every request off the
// database without making the process the owner of any state. GET /games names its games' tags from it
// too (a tag new to this copy reads it again at once; a renamed tag shows its new name within the TTL).
const TTL_MS = 60_000;
let cached: { catalog: Promise<TagCatalog>; loadedAt: number } | undefined;

/** `fresh`: read again now (a game carries a tag id this copy does not know: ingestion added tags). */
export function getTagCatalog(now = Date.now(), { fresh = false } = {}): Promise<TagCatalog> {
  if (!cached || fresh || now - cached.loadedAt > TTL_MS) {
    const catalog = loadTagCatalog();
    cached = { catalog, loadedAt: now };
    catalog.catch(() => (cached = undefined));
  }
  return cached.catalog;
}

async function loadTagCatalog(): Promise<TagCatalog> {
  const tags = await getPrisma().tag.findMany({ orderBy: [{ gameCount: "desc" }, { id: "asc" }] });
  const bySlug = new Map(tags.map((tag) => [tag.slug, tag]));
  const byKey = new Map<string, TagRecord>();
  for (const tag of tags) {
    byKey.set(compactKey(tag.name), tag);
    byKey.set(compactKey(tag.slug), tag);
  }
  const aliasesOf = new Map<string, string[]>();
  for (const [alias, slug] of Object.entries(TAG_ALIASES)) {
    const tag = bySlug.get(slug);
    if (!tag) continue;
    if (!byKey.has(alias)) byKey.set(alias, tag);
    aliasesOf.set(slug, [...(aliasesOf.get(slug) ?? []), alias]);
  }
  return { tags, bySlug, byId: new Map(tags.map((tag) => [tag.id, tag])), byKey, aliasesOf };
}
