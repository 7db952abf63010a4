import { apiRoutes } from "./api-host";
import { ReplayState } from "./app-state";
import { loadCatalog } from "./catalog";
import { FaultScript } from "./fault-script";
import { startHost, type HostContext } from "./host-server";
import { maxInWindow, RateGate, resolveLimits } from "./rate-gate";
import { steamSpyRoutes } from "./steamspy-host";
import { storeRoutes } from "./store-host";
import { TrafficLog } from "./traffic-log";
import type { LimitName, LoggedRequest, SteamReplay, SteamReplayOptions } from "./types";

export type * from "./types";
export { DEFAULT_LIMITS } from "./rate-gate";
export { APPDETAILS_MAX_IDS } from "./store-host";
export { APP_LIST_DEFAULT, APP_LIST_MAX } from "./api-host";
export { SPY_PAGE_SIZE } from "./steamspy-host";

/**
 * The three public Steam data hosts on loopback, serving the real recorded payloads of prisma/data
 * with the hosts' limits and scripted faults; see README.md beside this file.
 */
export async function startSteamReplay(options: SteamReplayOptions = {}): Promise<SteamReplay> {
  const clock = options.clock ?? Date.now;
  const apiKey = options.apiKey ?? "test-key";
  const state = new ReplayState(loadCatalog(), options.apps, clock);
  const gate = new RateGate(resolveLimits(options.limits), options.abuseBeforeBlock ?? 3, (options.blockSeconds ?? 3600) * 1000);
  const context: HostContext = { gate, faults: new FaultScript(), log: new TrafficLog(), clock };
  const [store, api, steamspy] = await Promise.all([
    startHost(storeRoutes(state), context),
    startHost(apiRoutes(state, apiKey), context),
    startHost(steamSpyRoutes(state), context),
  ]);
  return {
    storeUrl: store.url,
    apiUrl: api.url,
    steamspyUrl: steamspy.url,
    env: () => ({
      LUDEX_STEAM_STORE_URL: store.url,
      LUDEX_STEAM_API_URL: api.url,
      LUDEX_STEAMSPY_URL: steamspy.url,
      STEAM_API_KEY: apiKey,
    }),
    requests: (host) => context.log.list(host),
    count: (filter) => context.log.count(filter),
    maxInWindow: (host, requests, windowSeconds) => windowMax(gate, context.log, host, requests, windowSeconds),
    blocked: (host, address) => gate.blocked(host, address, clock()),
    fault: (fault) => context.faults.add(fault),
    setUnavailable: (appId, unavailable = true) => state.setUnavailable(appId, unavailable),
    update: (appId, patch) => state.update(appId, patch),
    reset: () => {
      context.log.clear();
      context.faults.clear();
      gate.clear();
    },
    close: async () => {
      await Promise.all([store.close(), api.close(), steamspy.close()]);
    },
  };
}

function windowMax(gate: RateGate, log: TrafficLog, name: LimitName, requests?: LoggedRequest[], windowSeconds?: number): number {
  const host = name === "steamspyAll" ? "steamspy" : name;
  let chosen = requests ?? log.list(host);
  if (name === "steamspyAll") chosen = chosen.filter((request) => request.query.request === "all");
  const seconds = windowSeconds ?? gate.limits[name]?.windowSeconds;
  if (seconds === undefined) throw new Error(`steam replay: ${name} has no limit; pass windowSeconds`);
  return maxInWindow(
    chosen.map((request) => request.at),
    seconds * 1000,
  );
}
