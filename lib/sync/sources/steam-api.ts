import { z } from "zod";
import { cleanText } from "../../market/ingest/text";
import { getJson, SourceFailure } from "./fetch-json";

/**
 * api.steampowered.com (the Steam Web API): `IStoreService/GetAppList/v1` and `GetTagList/v1` need
 * STEAM_API_KEY; `ISteamUserStats/GetNumberOfCurrentPlayers/v1` does not. 100,000 calls a day per key.
 * The old `ISteamApps/GetAppList/v2` answers 404 since November 2025 and is not used.
 */
export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string | null;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface ListedApp {
  appId: number;
  name: string;
  /** Unix seconds: the store page's last change (a change hint) */
  lastModified: number | null;
  /** grows when the price changes (a change hint) */
  priceChangeNumber: number | null;
}

export interface AppListPage {
  apps: ListedApp[];
  /** the next page's `last_appid`, or null on the last page */
  nextAfter: number | null;
}

/** `missing`: no such app, or one without player counts (DLC, unreleased): result 42. */
export type PlayerCount = { kind: "count"; players: number } | { kind: "missing" };

/** Steam caps a page at 50,000 apps. */
export const APP_LIST_PAGE_SIZE = 50_000;

const numberLike = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);
const appListSchema = z.object({
  response: z.object({
    apps: z.array(z.object({ appid: z.number().int().positive(), name: z.string().default(""), last_modified: numberLike.optional(), price_change_number: numberLike.optional() })).optional(),
    have_more_results: z.boolean().optional(),
    last_appid: z.number().int().optional(),
  }),
});
const tagListSchema = z.object({ response: z.object({ tags: z.array(z.object({ tagid: z.number().int().positive(), name: z.string() })) }) });
const playersSchema = z.object({ response: z.object({ player_count: z.number().int().nonnegative().optional(), result: z.number().int() }) });

export function apiClient(options: ApiClientOptions) {
  const keyed = (path: string) => {
    if (!options.apiKey) throw new SourceFailure("rejected", "STEAM_API_KEY is not set");
    const separator = path.includes("?") ? "&" : "?";
    return getJson(`${options.baseUrl}${path}${separator}key=${encodeURIComponent(options.apiKey)}`, { timeoutMs: options.timeoutMs, signal: options.signal, keyed: true });
  };
  return {
    /** One page of the store's games, by app id; `modifiedSince` (Unix seconds) keeps the apps changed since. */
    async appListPage(after: number, modifiedSince: number | null): Promise<AppListPage> {
      const since = modifiedSince ? `&if_modified_since=${modifiedSince}` : "";
      const { body } = await keyed(`/IStoreService/GetAppList/v1/?include_games=true&max_results=${APP_LIST_PAGE_SIZE}&last_appid=${after}${since}`);
      const parsed = appListSchema.safeParse(body);
      if (!parsed.success) throw new SourceFailure("rejected", "GetAppList: not an app list");
      const { apps, have_more_results: more, last_appid: last } = parsed.data.response;
      // Steam sometimes answers a first page with `{"response":{}}`: an empty catalog is not believed
      if (!apps && after === 0 && !modifiedSince) throw new SourceFailure("transient", "GetAppList: an empty first page");
      const listed = (apps ?? []).map((app) => ({
        appId: app.appid,
        // cleaned as store names are (entities decoded, spaces collapsed), so the two never flip a name back and forth
        name: cleanText(app.name) ?? "",
        lastModified: app.last_modified ?? null,
        priceChangeNumber: app.price_change_number ?? null,
      }));
      return { apps: listed, nextAfter: more && last ? last : null };
    },

    async tagList(): Promise<{ id: number; name: string }[]> {
      const { body } = await keyed("/IStoreService/GetTagList/v1/?language=english");
      const parsed = tagListSchema.safeParse(body);
      if (!parsed.success) throw new SourceFailure("rejected", "GetTagList: not a tag list");
      return parsed.data.response.tags.map((tag) => ({ id: tag.tagid, name: tag.name.trim() })).filter((tag) => tag.name !== "");
    },

    async currentPlayers(appId: number): Promise<PlayerCount> {
      const { body } = await getJson(`${options.baseUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=${appId}`, {
        timeoutMs: options.timeoutMs,
        signal: options.signal,
        acceptStatuses: [404],
      });
      const parsed = playersSchema.safeParse(body);
      if (!parsed.success) throw new SourceFailure("rejected", `GetNumberOfCurrentPlayers ${appId}: not a player count`);
      const { result, player_count: players } = parsed.data.response;
      if (result === 42) return { kind: "missing" };
      if (result !== 1 || players === undefined) throw new SourceFailure("transient", `GetNumberOfCurrentPlayers ${appId}: result ${result}`);
      return { kind: "count", players };
    },
  };
}

export type ApiClient = ReturnType<typeof apiClient>;
