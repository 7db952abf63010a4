import { slugify } from "../../market/slugify";
import { budgetedRequest } from "../budgeted-request";
import type { SyncContext } from "../sync-context";
import { resolve } from "node:path";
import { IngestLog } from "../../market/ingest/ingest-log";
import { readTagList } from "../../market/ingest/read-store";
import { sleepUnless } from "../abort-links";
import { claimJob, finishJob, releaseJob } from "../claim-job";
import type { SourceClients } from "../source-clients";
import { readTagNames } from "../tag-names";

/**
 * IStoreService/GetTagList, once a day: tags new to the catalog are added (slugged like ingestion's: a slug
 * taken by another tag gets the id appended); a renamed tag keeps its slug, so filters people saved still work.
 */
const DAY = 86_400;

export async function walkTagList(ctx: SyncContext, clients: SourceClients): Promise<void> {
  const tags = await budgetedRequest(ctx, ["api"], () => clients.api.tagList());
  ctx.report.tally("taglist").fetched += tags.length;
  await insertTags(ctx, tags);
  ctx.tagNames = await readTagNames(ctx.db.pool);
  await finishJob(ctx.db, ctx.owner, "taglist", { cursor: null, dueIn: DAY, error: null });
}

async function insertTags(ctx: SyncContext, tags: { id: number; name: string }[]) {
  const tally = ctx.report.tally("taglist");
  const { rows } = await ctx.db.pool.query<{ id: number; name: string; slug: string }>("SELECT id, name, slug FROM tags");
  const byId = new Map(rows.map((row) => [row.id, row]));
  const slugs = new Set(rows.map((row) => row.slug));
  for (const tag of tags) {
    const stored = byId.get(tag.id);
    if (stored?.name === tag.name) continue;
    if (stored) {
      await ctx.db.pool.query("UPDATE tags SET name = $2 WHERE id = $1", [tag.id, tag.name]);
    } else {
      let slug = slugify(tag.name) || `tag-${tag.id}`;
      if (slugs.has(slug)) slug = `${slug}-${tag.id}`;
      slugs.add(slug);
      // another process filling an empty catalog at the same moment may have taken the id or the slug: theirs stays
      await ctx.db.pool.query("INSERT INTO tags (id, name, slug, game_count) VALUES ($1, $2, $3, 0) ON CONFLICT DO NOTHING", [tag.id, tag.name, slug]);
    }
    tally.updated++;
  }
}

/**
 * A catalog without tags (a fresh database filled by the sync alone) gets them before any game's tags are read:
 * from GetTagList when a key is set, else from the tag list vendored with the data (prisma/data/tags).
 */
export async function ensureTagCatalog(ctx: SyncContext, clients: SourceClients): Promise<void> {
  if ((await tagCount(ctx)) > 0) return;
  if (ctx.config.apiKey && (await claimJob(ctx.db, ctx.owner, "taglist"))) {
    try {
      await walkTagList(ctx, clients);
      return;
    } catch (error) {
      ctx.report.error(`tag list: ${(error as Error).message}; using the vendored list`, "taglist");
      await releaseJob(ctx.db, ctx.owner, "taglist");
    }
  } else if (ctx.config.apiKey) {
    // another process is walking the tag list right now: its tags are a moment away
    for (let waited = 0; waited < 30_000 && (await tagCount(ctx)) === 0 && !ctx.signal.aborted; waited += 500) await sleepUnless(500, [ctx.signal]);
    if ((await tagCount(ctx)) > 0) {
      ctx.tagNames = await readTagNames(ctx.db.pool);
      return;
    }
  }
  const tags = readTagList(resolve(process.cwd(), "prisma/data"), new IngestLog());
  await insertTags(ctx, tags);
  ctx.tagNames = await readTagNames(ctx.db.pool);
}

async function tagCount(ctx: SyncContext): Promise<number> {
  const { rows } = await ctx.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM tags");
  return rows[0].n;
}
