import type { LoggedRequest } from "@/tests/support/steam-replay";

/**
 * The replay's request log read as the sync's work: which kind of fetch each request was and for which apps,
 * so tests can say "this app's details were fetched once" the way the hosts saw it.
 */
export type RequestKind = "details" | "prices" | "reviews" | "players" | "tags" | "applist" | "taglist" | "spyall" | "other";

export function kindOf(request: LoggedRequest): RequestKind {
  if (request.host === "store") {
    if (request.path.startsWith("/appreviews/")) return "reviews";
    if (request.path.startsWith("/api/appdetails")) return request.query.filters === "price_overview" ? "prices" : "details";
  }
  if (request.host === "api") {
    if (/getnumberofcurrentplayers/i.test(request.path)) return "players";
    if (/getapplist/i.test(request.path)) return "applist";
    if (/gettaglist/i.test(request.path)) return "taglist";
  }
  if (request.host === "steamspy") {
    if (request.query.request === "appdetails") return "tags";
    if (request.query.request === "all") return "spyall";
  }
  return "other";
}

/** Per-app fetches, as "kind:appId" -> how many requests named that app for that kind. */
export function fetchCounts(requests: LoggedRequest[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of requests) {
    const kind = kindOf(request);
    if (!["details", "prices", "reviews", "players", "tags"].includes(kind)) continue;
    for (const appId of request.appIds) counts.set(`${kind}:${appId}`, (counts.get(`${kind}:${appId}`) ?? 0) + 1);
  }
  return counts;
}

/** Requests of one kind that name `appId`. */
export function requestsFor(requests: LoggedRequest[], kind: RequestKind, appId?: number): LoggedRequest[] {
  return requests.filter((request) => kindOf(request) === kind && (appId === undefined || request.appIds.includes(appId)));
}

/** The entries of `counts` above one: what was fetched more than once. */
export function repeated(counts: Map<string, number>): string[] {
  return [...counts].filter(([, n]) => n > 1).map(([key, n]) => `${key} x${n}`);
}
