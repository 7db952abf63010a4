import type { ReplayState } from "./app-state";
import { readPageText, type SpyEntry, type SpyRecord } from "./catalog";
import type { HostRoutes, Reply } from "./host-server";

export const SPY_PAGE_SIZE = 1000;

const JSON_TYPE = "application/json; charset=utf-8";
/** What SteamSpy answers for a page past the last one (an empty PHP array; unconfirmed). */
const PAST_LAST_PAGE = "[]";
/** SteamSpy's throttle, as clients record it: HTTP 200 and a plain-text MySQL error instead of JSON. */
export const THROTTLED: Reply = { status: 200, body: "Connection failed: Too many connections", contentType: "text/html; charset=UTF-8" };

/** steamspy.com/api.php: `request=all` pages and `request=appdetails`. */
export function steamSpyRoutes(state: ReplayState): HostRoutes {
  return {
    host: "steamspy",
    contentType: JSON_TYPE,
    overLimit: THROTTLED,
    describe: (url) => {
      const query = url.searchParams;
      if (query.get("request") === "all") return { appIds: [], page: pageOf(query), bucket: "steamspyAll" };
      const appId = Number(query.get("appid"));
      const appIds = query.get("request") === "appdetails" && Number.isInteger(appId) && appId > 0 ? [appId] : [];
      return { appIds, bucket: "steamspy" };
    },
    answer: (url) => {
      if (!/^\/api\.php$/.test(url.pathname)) return { status: 404, body: "" };
      const query = url.searchParams;
      if (query.get("request") === "all") return { status: 200, body: allPage(state, pageOf(query)) };
      if (query.get("request") === "appdetails") return { status: 200, body: JSON.stringify(appDetails(state, Number(query.get("appid")))) };
      return { status: 400, body: "" };
    },
  };
}

function pageOf(query: URLSearchParams): number {
  const page = Number(query.get("page") ?? 0);
  return Number.isInteger(page) && page >= 0 ? page : 0;
}

/**
 * The real page file as it is, while nothing on it changed; otherwise the page written in the same
 * layout from its records (with `apps`, the chosen apps in SteamSpy's order, 1000 a page).
 */
function allPage(state: ReplayState, page: number): string {
  const { catalog } = state;
  const entries = state.subset ? subsetPage(state, page) : catalog.pages[page];
  if (!entries || entries.length === 0) return PAST_LAST_PAGE;
  if (!state.subset && !entries.some((entry) => state.patched(entry.appId))) return readPageText(catalog.pageFiles[page]);
  const lines = entries.map((entry) => `    ${JSON.stringify(String(entry.appId))}: ${indented(currentRecord(state, entry.appId, entry.record))}`);
  return `{\n${lines.join(",\n")}\n}`;
}

function subsetPage(state: ReplayState, page: number): SpyEntry[] {
  return state.order
    .slice(page * SPY_PAGE_SIZE, (page + 1) * SPY_PAGE_SIZE)
    .map((appId) => ({ appId, record: state.catalog.spy.get(appId)! }));
}

function indented(record: SpyRecord): string {
  return JSON.stringify(record, null, 4).replace(/\n/g, "\n    ");
}

/** The `all` record with the fields update() changed; SteamSpy's own types (prices are strings). */
function currentRecord(state: ReplayState, appId: number, record: SpyRecord): SpyRecord {
  const patch = state.patchOf(appId);
  if (!patch) return record;
  const current = { ...record };
  if (patch.name !== undefined) current.name = patch.name;
  if (patch.reviews) Object.assign(current, { positive: patch.reviews.positive, negative: patch.reviews.negative });
  if (patch.players !== undefined) current.ccu = patch.players;
  if (patch.price) Object.assign(current, { price: String(patch.price.final), initialprice: String(patch.price.initial), discount: String(patch.price.discount) });
  return current;
}

/** SteamSpy's appdetails: the app's `all` record plus languages, genre and tags. */
function appDetails(state: ReplayState, appId: number): SpyRecord {
  const record = state.served(appId) ? state.catalog.spy.get(appId) : undefined;
  if (!record) return unknownApp(appId);
  const recorded = state.catalog.recorded.get(appId);
  const extras = state.catalog.extras.get(appId);
  const genres: string[] | undefined = recorded?.genres?.map((genre: { description: string }) => genre.description) ?? extras?.genres;
  const current = currentRecord(state, appId, record);
  return {
    ...current,
    languages: recorded ? languages(recorded.supported_languages) : null,
    genre: genres?.length ? genres.join(", ") : null,
    tags: state.patchOf(appId)?.tags ?? tagVotes(extras?.tagNames ?? [], Number(current.positive) + Number(current.negative)),
  };
}

/**
 * Tag votes are not in the data, only each app's tags in order: votes are constructed, descending in
 * that order and scaled by the review count. No tags is `[]`, as SteamSpy (PHP) prints an empty map.
 */
function tagVotes(names: string[], reviews: number): Record<string, number> | [] {
  if (names.length === 0) return [];
  const top = Math.max(20 * names.length, Math.round((reviews || 0) / 20));
  return Object.fromEntries(names.map((name, i) => [name, Math.round((top * (names.length - i)) / names.length)]));
}

/** The store's HTML language list ("English<strong>*</strong>, French<br>...") as SteamSpy's plain list. */
function languages(html: unknown): string | null {
  if (typeof html !== "string") return null;
  const text = html.split(/<br\s*\/?>/i)[0].replace(/<[^>]+>/g, "").replace(/\*/g, "");
  return text.split(",").map((part) => part.trim()).filter(Boolean).join(", ") || null;
}

/** SteamSpy answers an app it does not know with an empty record rather than an error. */
function unknownApp(appId: number): SpyRecord {
  return {
    appid: Number.isInteger(appId) ? appId : 0,
    name: null,
    developer: "",
    publisher: "",
    score_rank: "",
    positive: 0,
    negative: 0,
    userscore: 0,
    owners: "0 .. 20,000",
    average_forever: 0,
    average_2weeks: 0,
    median_forever: 0,
    median_2weeks: 0,
    price: null,
    initialprice: null,
    discount: null,
    ccu: 0,
    languages: null,
    genre: null,
    tags: [],
  };
}
