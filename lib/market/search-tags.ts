import type { TagCatalog, TagRecord } from "./tag-catalog";
import { compactKey, editDistance } from "./text-distance";

export interface TagMatch {
  tag: TagRecord;
  /** 0 exact (name, slug or alias), 1 prefix, 2 word prefix, 3 substring, 4 close spelling */
  match: "exact" | "prefix" | "word" | "substring" | "fuzzy";
  rank: number;
  /** edit distance of a close spelling (0 for the other kinds): the closest spelling ranks first */
  distance: number;
}

const MATCH_NAMES = ["exact", "prefix", "word", "substring", "fuzzy"] as const;

/**
 * Ranks tags against free text: exact before prefix before substring before close spelling (closest
 * first), then by game count.
 */
export function searchTags(catalog: TagCatalog, query: string): TagMatch[] {
  const key = compactKey(query);
  if (!key) return [];
  const words = query.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  const aliasTag = catalog.byKey.get(key);
  const matches: TagMatch[] = [];
  for (const tag of catalog.tags) {
    const found = tag === aliasTag ? { rank: 0, distance: 0 } : matchRank(tag, key, words, catalog.aliasesOf.get(tag.slug) ?? []);
    if (found) matches.push({ tag, match: MATCH_NAMES[found.rank], ...found });
  }
  return matches.sort(
    (a, b) => a.rank - b.rank || a.distance - b.distance || b.tag.gameCount - a.tag.gameCount || a.tag.id - b.tag.id,
  );
}

function matchRank(tag: TagRecord, key: string, words: string[], aliases: string[]): { rank: number; distance: number } | undefined {
  const keys = [compactKey(tag.name), compactKey(tag.slug), ...aliases];
  if (keys.includes(key)) return { rank: 0, distance: 0 };
  if (keys.some((k) => k.startsWith(key))) return { rank: 1, distance: 0 };
  const tagWords = tag.name.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  if (words.length > 0 && words.every((w) => tagWords.some((t) => t.startsWith(w)))) return { rank: 2, distance: 0 };
  if (keys.some((k) => k.includes(key))) return { rank: 3, distance: 0 };
  if (key.length < 3) return undefined;
  const distance = Math.min(...keys.map((k) => editDistance(k, key)));
  return distance <= fuzzyBudget(key) ? { rank: 4, distance } : undefined;
}

function fuzzyBudget(key: string): number {
  return key.length <= 4 ? 1 : key.length <= 8 ? 2 : 3;
}

/** Up to `max` known slugs for an unknown one: aliases and close spellings first. */
export function suggestTags(catalog: TagCatalog, unknown: string, max = 3): string[] {
  const key = compactKey(unknown);
  const direct = catalog.byKey.get(key);
  if (direct) return [direct.slug];
  const ranked = searchTags(catalog, unknown);
  if (ranked.length > 0) return ranked.slice(0, max).map((m) => m.tag.slug);
  return catalog.tags
    .map((tag) => ({ tag, distance: editDistance(compactKey(tag.slug), key) }))
    .sort((a, b) => a.distance - b.distance || b.tag.gameCount - a.tag.gameCount)
    .slice(0, max)
    .map((entry) => entry.tag.slug);
}
