import { z } from "zod";
import { listParam } from "../api/query-params";
import { buildPagination, pageQuery } from "../api/pagination";
import { defineOperation } from "../api/operation";
import { gameFilterQuery } from "../market/game-filters";
import { GAME_FIELDS, gameSummarySchema } from "../market/game-schema";
import { GAME_SORTS, searchGames } from "../market/search-games";
import { withFreshness } from "./with-freshness";

const projectedSummary = gameSummarySchema
  .partial()
  .required({ appId: true })
  .meta({ id: "GameListItem", description: "A GameSummary; with `fields`, only `appId` and the named fields." });

export const listGames = withFreshness(defineOperation({
  id: "listGames",
  method: "GET",
  path: "/games",
  summary: "Search and list games",
  description:
    "Games of the Steam catalog, filtered and sorted. Filters combine with AND. Games whose value for a filtered field was not collected are left out of that filter's results. Default order: relevance with `q`, else most reviewed.",
  group: "Games",
  costClass: "baseline",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["owners", "ccu", "players", "playtime"],
  query: z.object({
    ...gameFilterQuery,
    sort: z.enum(GAME_SORTS).optional().meta({ description: "Sort key; a leading `-` sorts descending. NULLs sort last." }),
    fields: listParam(z.enum(GAME_FIELDS as [string, ...string[]]), "Top-level fields to return (appId always)."),
    ...pageQuery,
  }),
  params: z.object({}),
  data: z.array(projectedSummary),
  paginated: true,
  async handler({ query }) {
    const { items, total } = await searchGames(query);
    const data = query.fields ? items.map((item) => project(item, query.fields!)) : items;
    return { data, pagination: buildPagination(query.limit, query.offset, total) };
  },
}));

function project<T extends { appId: number }>(item: T, fields: string[]) {
  const out: Record<string, unknown> = { appId: item.appId };
  for (const field of fields) out[field] = item[field as keyof T];
  return out as { appId: number };
}
