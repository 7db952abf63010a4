import { z } from "zod";
import { buildPagination, pageQuery } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { searchTags } from "../market/search-tags";
import { getTagCatalog } from "../market/tag-catalog";
import { withFreshness } from "./with-freshness";

const tagSchema = z
  .object({
    slug: z.string().meta({ description: "Value to send in `tags` parameters." }),
    name: z.string(),
    id: z.number().int().meta({ description: "Steam tag id." }),
    gameCount: z.number().int().meta({ description: "Games in the catalog carrying the tag." }),
    match: z
      .enum(["exact", "prefix", "word", "substring", "fuzzy"])
      .optional()
      .meta({ description: "With `q`: how the tag matched (exact includes aliases such as `f2p`)." }),
  })
  .meta({ id: "Tag" });

export const listTags = withFreshness(defineOperation({
  id: "listTags",
  method: "GET",
  path: "/tags",
  summary: "List and search tags",
  description:
    "The Steam user tags and their slugs, most used first. With `q`, tags matching the name, slug or a common alias (`f2p`, `roguelike`, `scifi`), ranked exact, prefix, word, substring, then close spellings. Use the slugs in the `tags` parameters of other operations.",
  group: "Tags",
  costClass: "free",
  scope: "market:read",
  anonymous: "preview",
  query: z.object({
    q: z.string().trim().min(1).max(100).optional().meta({ description: "Text to match against name, slug and aliases." }),
    ...pageQuery,
  }),
  params: z.object({}),
  data: z.array(tagSchema),
  paginated: true,
  async handler({ query }) {
    const catalog = await getTagCatalog();
    const matches = query.q
      ? searchTags(catalog, query.q)
      : catalog.tags.map((tag) => ({ tag, match: undefined }));
    const page = matches.slice(query.offset, query.offset + query.limit);
    return {
      data: page.map(({ tag, match }) => ({ slug: tag.slug, name: tag.name, id: tag.id, gameCount: tag.gameCount, match })),
      pagination: buildPagination(query.limit, query.offset, matches.length),
    };
  },
}));
