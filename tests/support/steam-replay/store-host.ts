import type { ReplayState } from "./app-state";
import type { HostRoutes, Reply } from "./host-server";
import { appDetailsData, querySummary } from "./store-payloads";

/** Ids one appdetails call may name (with filters=price_overview); more is refused. */
export const APPDETAILS_MAX_IDS = 100;

const JSON_TYPE = "application/json; charset=utf-8";
const NOT_FOUND: Reply = { status: 404, body: "<html><body>Not Found</body></html>", contentType: "text/html; charset=UTF-8" };
/** What the store answers a request it cannot serve: HTTP 400, body `null`. */
const REFUSED: Reply = { status: 400, body: "null" };
/** Steam's over-limit answer: no body, and no Retry-After. */
export const TOO_MANY: Reply = { status: 429, body: "" };

/** store.steampowered.com: appdetails (full, or prices for many apps) and appreviews summaries. */
export function storeRoutes(state: ReplayState): HostRoutes {
  return {
    host: "store",
    contentType: JSON_TYPE,
    overLimit: TOO_MANY,
    describe: (url) => ({ appIds: appIdsOf(url), bucket: "store" }),
    answer: (url) => {
      if (/^\/api\/appdetails\/?$/.test(url.pathname)) return appDetails(state, url);
      if (/^\/appreviews\/[^/]+\/?$/.test(url.pathname)) return appReviews(state, url);
      return NOT_FOUND;
    },
  };
}

function appIdsOf(url: URL): number[] {
  const reviewed = /^\/appreviews\/(\d+)/.exec(url.pathname);
  if (reviewed) return [Number(reviewed[1])];
  if (!url.pathname.startsWith("/api/appdetails")) return [];
  return (url.searchParams.get("appids") ?? "").split(",").map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

function appDetails(state: ReplayState, url: URL): Reply {
  const listed = (url.searchParams.get("appids") ?? "").split(",").filter((id) => id !== "");
  const ids = [...new Set(listed.map(Number))];
  if (ids.length === 0 || ids.some((id) => !Number.isInteger(id) || id <= 0)) return REFUSED;
  const filters = url.searchParams.get("filters")?.split(",").filter(Boolean);
  // Steam serves several apps in one call only for their prices, and only with that one filter
  const pricesOnly = filters?.length === 1 && filters[0] === "price_overview";
  if ((ids.length > 1 && !pricesOnly) || ids.length > APPDETAILS_MAX_IDS) return REFUSED;
  // written by hand: a JS object would reorder the integer keys, and Steam keeps the request's order
  const parts = ids.map((id) => `${JSON.stringify(String(id))}:${JSON.stringify(appEntry(state, id, filters))}`);
  return { status: 200, body: `{${parts.join(",")}}` };
}

/** `basic` stands for these; any other filter names a top-level key. */
const BASIC = ["type", "name", "steam_appid", "required_age", "dlc", "detailed_description", "about_the_game", "short_description",
  "supported_languages", "header_image", "website", "pc_requirements", "mac_requirements", "linux_requirements"];

function appEntry(state: ReplayState, appId: number, filters: string[] | undefined) {
  const view = state.view(appId);
  if (!view || view.unavailable) return { success: false };
  const data = appDetailsData(view, state.catalog);
  if (!filters) return { success: true, data };
  const keys = new Set(filters.flatMap((filter) => (filter === "basic" ? BASIC : [filter])));
  const picked = Object.fromEntries(Object.entries(data).filter(([key]) => keys.has(key)));
  // nothing left (a free app asked for its price block): PHP prints the empty map as an empty array
  return { success: true, data: Object.keys(picked).length > 0 ? picked : [] };
}

/**
 * An unknown or removed app is no error here: `success` 1 with zero totals (only appdetails tells that an
 * app is gone). The totals come with the first page only (`cursor=*`); later pages carry `num_reviews`.
 */
function appReviews(state: ReplayState, url: URL): Reply {
  const appId = Number(/^\/appreviews\/([^/]+)/.exec(url.pathname)![1]);
  const view = Number.isInteger(appId) ? state.view(appId) : undefined;
  const purchase = url.searchParams.get("purchase_type");
  // the default purchase_type is "steam": keys sold elsewhere are left out, so the counts come out short
  const undercount = purchase === null || purchase === "steam";
  const cursor = url.searchParams.get("cursor") ?? "*";
  const summary = cursor !== "*" ? { num_reviews: 0 } : view && !view.unavailable ? querySummary(view, undercount) : NO_REVIEWS;
  return { status: 200, body: JSON.stringify({ success: 1, query_summary: summary, reviews: [], cursor }) };
}

const NO_REVIEWS = {
  num_reviews: 0,
  review_score: 0,
  review_score_desc: "No user reviews",
  total_positive: 0,
  total_negative: 0,
  total_reviews: 0,
};
