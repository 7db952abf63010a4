/** The replay's public shapes: what a test passes in and what it reads back. */

export type SteamHost = "store" | "api" | "steamspy";

/** A limit bucket: one per host, plus SteamSpy's stricter one for `request=all`. */
export type LimitName = SteamHost | "steamspyAll";

export interface WindowLimit {
  requests: number;
  windowSeconds: number;
}

/** `null` lifts a bucket's limit; a missing key keeps the real default. */
export type ReplayLimits = Partial<Record<LimitName, WindowLimit | null>>;

export interface SteamReplayOptions {
  /** serve only these appids, on every host (app list and SteamSpy pages included) */
  apps?: number[];
  /** the key IStoreService methods accept; default "test-key" */
  apiKey?: string;
  limits?: ReplayLimits;
  /** requests during a cool-down before the address is blocked; default 3 */
  abuseBeforeBlock?: number;
  /** how long a block lasts; default 3600 */
  blockSeconds?: number;
  /** milliseconds since the epoch; default Date.now. Limits, blocks and the log all read it. */
  clock?: () => number;
}

export type FaultKind =
  | { type: "status"; status: 500 | 502 | 503 }
  | { type: "truncate" }
  | { type: "delay"; ms: number }
  | { type: "reset" }
  | { type: "body"; body: string; status?: number }
  /** the host's over-limit answer whatever the counts; like a real one it starts a cool-down unless `coolDown: false` */
  | { type: "rate"; coolDown?: boolean };

export interface FaultMatch {
  /** a string matches a path that starts with it; a RegExp is tested against the path */
  path?: RegExp | string;
  appId?: number;
  /** SteamSpy `request=all` page */
  page?: number;
}

export interface Fault {
  host: SteamHost;
  match?: FaultMatch;
  kind: FaultKind;
  /** how many matching requests it hits; default 1 */
  times?: number;
}

export interface LoggedRequest {
  host: SteamHost;
  /** the path without the query */
  path: string;
  query: Record<string, string>;
  /** the apps the request names (appdetails' `appids`, an appreviews path, `appid`) */
  appIds: number[];
  /** 0 while unanswered, and for a `reset` fault */
  status: number;
  /** answered with the host's over-limit answer (a 429; SteamSpy's throttle text), by the limits or a `rate` fault */
  limited: boolean;
  /** arrival, milliseconds since the epoch */
  at: number;
  /** the client's socket address (127.x.y.z) */
  address: string;
}

export interface RequestFilter {
  host?: SteamHost;
  path?: RegExp | string;
  appId?: number;
  status?: number;
  limited?: boolean;
  address?: string;
  /** SteamSpy `request` parameter ("all", "appdetails") */
  request?: string;
}

export interface AppPatch {
  name?: string;
  reviews?: { positive: number; negative: number };
  players?: number;
  /** US cents */
  price?: { initial: number; final: number; discount: number };
  /** as the store prints it ("9 Jul, 2013") */
  releaseDate?: string;
  lastModified?: number;
  priceChangeNumber?: number;
  /** SteamSpy appdetails tags, name to votes */
  tags?: Record<string, number>;
}

export interface SteamReplay {
  storeUrl: string;
  apiUrl: string;
  steamspyUrl: string;
  /** LUDEX_STEAM_STORE_URL, LUDEX_STEAM_API_URL, LUDEX_STEAMSPY_URL, STEAM_API_KEY */
  env(): Record<string, string>;
  requests(host?: SteamHost): LoggedRequest[];
  count(filter?: RequestFilter | ((request: LoggedRequest) => boolean)): number;
  /**
   * The most requests that arrived within any one window (default: the host's configured window;
   * "steamspyAll" reads SteamSpy's `request=all` requests), for asserting a budget was never exceeded.
   */
  maxInWindow(host: LimitName, requests?: LoggedRequest[], windowSeconds?: number): number;
  /** whether `address` (default: any address) is blocked on the host now */
  blocked(host: SteamHost, address?: string): boolean;
  fault(fault: Fault): void;
  setUnavailable(appId: number, unavailable?: boolean): void;
  update(appId: number, patch: AppPatch): void;
  /** clears the log, the scripted faults and the limit state (windows, cool-downs, blocks); app changes stay */
  reset(): void;
  close(): Promise<void>;
}
