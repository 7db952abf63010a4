import { createHash } from "node:crypto";
import type { ReplayState } from "./app-state";
import type { HostRoutes, Reply } from "./host-server";
import { TOO_MANY } from "./store-host";

export const APP_LIST_DEFAULT = 10_000;
export const APP_LIST_MAX = 50_000;

const JSON_TYPE = "application/json; charset=UTF-8";
const HTML = "text/html; charset=UTF-8";
const FORBIDDEN: Reply = {
  status: 403,
  body: "<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>",
  contentType: HTML,
};
const NOT_FOUND: Reply = { status: 404, body: "<html><head><title>Not Found</title></head><body><h1>Not Found</h1></body></html>", contentType: HTML };

const APP_LIST = /^\/istoreservice\/getapplist\/v0*1\/?$/i;
const TAG_LIST = /^\/istoreservice\/gettaglist\/v0*1\/?$/i;
const PLAYERS = /^\/isteamuserstats\/getnumberofcurrentplayers\/v0*1\/?$/i;

/** api.steampowered.com: the app list, the tag list and current players. */
export function apiRoutes(state: ReplayState, apiKey: string): HostRoutes {
  return {
    host: "api",
    contentType: JSON_TYPE,
    overLimit: TOO_MANY,
    describe: (url) => ({ appIds: PLAYERS.test(url.pathname) ? idList(url.searchParams.get("appid")) : [], bucket: "api" }),
    answer: (url) => {
      const query = url.searchParams;
      if (APP_LIST.test(url.pathname)) return query.get("key") === apiKey ? appList(state, query) : FORBIDDEN;
      if (TAG_LIST.test(url.pathname)) return query.get("key") === apiKey ? tagList(state, query) : FORBIDDEN;
      if (PLAYERS.test(url.pathname)) return players(state, query);
      return NOT_FOUND;
    },
  };
}

function idList(text: string | null): number[] {
  const id = Number(text);
  return text && Number.isInteger(id) && id > 0 ? [id] : [];
}

function whole(text: string | null, fallback: number): number {
  const value = Number(text);
  return text !== null && text !== "" && Number.isInteger(value) && value >= 0 ? value : fallback;
}

/**
 * Apps by appid ascending after `last_appid`, only those modified after `if_modified_since`. As Steam's
 * protobuf-to-JSON answers do, empty and default fields are left out: the last page has neither
 * `have_more_results` nor `last_appid`, and an empty one is `{"response":{}}`.
 */
function appList(state: ReplayState, query: URLSearchParams): Reply {
  const max = Math.min(Math.max(whole(query.get("max_results"), APP_LIST_DEFAULT), 1), APP_LIST_MAX);
  const after = whole(query.get("last_appid"), 0);
  const since = whole(query.get("if_modified_since"), 0);
  if (query.get("include_games") === "false" || query.get("include_games") === "0") return json({ response: {} });
  const apps: { appid: number; name: string; last_modified: number; price_change_number: number }[] = [];
  let more = false;
  for (let i = firstAfter(state.ascending, after); i < state.ascending.length; i++) {
    const app = state.listing(state.ascending[i])!;
    // a removed app drops out of the list, as delisted apps do
    if (app.unavailable || app.lastModified <= since) continue;
    if (apps.length === max) {
      more = true;
      break;
    }
    apps.push({ appid: app.appId, name: app.name, last_modified: app.lastModified, price_change_number: app.priceChangeNumber });
  }
  const response = apps.length === 0 ? {} : more ? { apps, have_more_results: true, last_appid: apps.at(-1)!.appid } : { apps };
  return json({ response });
}

function firstAfter(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (sorted[middle] <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The tag list; a client holding the current `have_version_hash` gets no tags back. */
function tagList(state: ReplayState, query: URLSearchParams): Reply {
  const tags = state.catalog.tags.map((tag) => ({ tagid: tag.id, name: tag.name }));
  const versionHash = BigInt(`0x${createHash("sha1").update(JSON.stringify(tags)).digest("hex").slice(0, 15)}`).toString();
  if (query.get("have_version_hash") === versionHash) return json({ response: { version_hash: versionHash } });
  return json({ response: { version_hash: versionHash, tags } });
}

function players(state: ReplayState, query: URLSearchParams): Reply {
  const [appId] = idList(query.get("appid"));
  if (appId === undefined) {
    return { status: 400, body: "<html><head><title>Bad Request</title></head><body><h1>Bad Request</h1>Required parameter 'appid' is missing</body></html>", contentType: HTML };
  }
  const view = state.view(appId);
  // result 42 is Steam's "no match": unknown apps, and apps no longer on the store
  if (!view || view.unavailable) return { ...json({ response: { result: 42 } }, 42), status: 404 };
  return json({ response: { player_count: view.players, result: 1 } });
}

/** Web API answers carry Steam's result code in `X-eresult` too (1 is OK). */
function json(body: unknown, eresult = 1): Reply {
  return { status: 200, body: JSON.stringify(body), headers: { "x-eresult": String(eresult) } };
}
