import { apiClient } from "./sources/steam-api";
import { storeClient } from "./sources/steam-store";
import { steamSpyClient } from "./sources/steamspy";
import type { SyncConfig } from "./sync-config";

/** The three sources' clients, on the configured base addresses, stopping with the run. */
export function sourceClients(config: SyncConfig, signal: AbortSignal) {
  const common = { timeoutMs: config.timeoutMs, signal };
  return {
    store: storeClient({ baseUrl: config.urls.store, ...common }),
    api: apiClient({ baseUrl: config.urls.api, apiKey: config.apiKey, ...common }),
    steamspy: steamSpyClient({ baseUrl: config.urls.steamspy, ...common }),
  };
}

export type SourceClients = ReturnType<typeof sourceClients>;
