import type pg from "pg";
import { tagMatcher } from "../market/ingest/match-tags";

/** Tag names as sources spell them, to tag ids of the tags table (the same matching as ingestion's). */
export interface TagNames {
  /** ids in the order of the names, unknown names left out, each id once */
  idsOf(names: string[]): number[];
  /** names no tag matched since the catalog was read (reported, so a missing tag list shows) */
  unknown: Set<string>;
}

export async function readTagNames(pool: Pick<pg.Pool, "query">): Promise<TagNames> {
  const { rows } = await pool.query<{ id: number; name: string }>("SELECT id, name FROM tags");
  const match = tagMatcher(rows);
  const unknown = new Set<string>();
  return {
    unknown,
    idsOf(names) {
      const ids: number[] = [];
      for (const name of names) {
        const id = match(name);
        if (id === undefined) unknown.add(name);
        else if (!ids.includes(id)) ids.push(id);
      }
      return ids;
    },
  };
}
