import type { IngestLog } from "./ingest-log";
import type { MergedGame } from "./merge-game";

/**
 * Sources spell tag names a little differently from the tag list ("Base-Building" / "Base Building",
 * "e-sports" / "eSports", "Dystopian " / "Dystopian"): names match on lower-case letters and digits only.
 */
export function tagKey(name: string): string {
  return name.toLowerCase().replace(/&/g, "and").replace(/[^a-z0-9]+/g, "");
}

/** Older SteamSpy tags that Steam later renamed; the key is tagKey of the old name, the value the list's name. */
const RENAMED: Record<string, string> = { soccer: "Football (Soccer)" };

/** The id of the tag a source's tag name means, or undefined when the tag list has no such tag. */
export function tagMatcher(tags: { id: number; name: string }[]): (name: string) => number | undefined {
  const byKey = new Map(tags.map((tag) => [tagKey(tag.name), tag.id]));
  for (const [old, name] of Object.entries(RENAMED)) {
    const id = byKey.get(tagKey(name));
    if (id !== undefined && !byKey.has(old)) byKey.set(old, id);
  }
  return (name) => byKey.get(tagKey(name));
}

/** game_tags rows [appId, tagId, rank, source]: store order kept, rank 1-based, unknown names counted. */
export function gameTagRows(games: MergedGame[], tags: { id: number; name: string }[], log: IngestLog): unknown[][] {
  const match = tagMatcher(tags);
  const rows: unknown[][] = [];
  for (const game of games) {
    const seen = new Set<number>();
    for (const name of game.tagNames) {
      const id = match(name);
      if (id === undefined) log.unknownTag(name.trim());
      else if (!seen.has(id)) {
        seen.add(id);
        rows.push([game.appId, id, seen.size, game.sources.tags.source]);
      }
    }
  }
  return rows;
}
