import { z } from "zod";
import { isProductionDeployment } from "../config/deployment";

/**
 * The sync's settings, from the environment. Budgets are the sources' published rules (issue 24, and
 * docs/sync.md): the store host allows about 200 requests per 5 minutes per address, SteamSpy 1 a second and
 * `request=all` 1 a minute, the Web API 100,000 calls a day per key.
 */
export const HOSTS = ["store", "api", "steamspy", "steamspyAll"] as const;
export type HostId = (typeof HOSTS)[number];

export interface Budget {
  requests: number;
  windowSeconds: number;
}

export const DEFAULT_BUDGETS: Record<HostId, Budget> = {
  store: { requests: 200, windowSeconds: 300 },
  api: { requests: 100_000, windowSeconds: 86_400 },
  steamspy: { requests: 1, windowSeconds: 1 },
  steamspyAll: { requests: 1, windowSeconds: 60 },
};

/** Each host's real name, for status and reports. */
export const HOST_NAMES: Record<HostId, string> = {
  store: "store.steampowered.com",
  api: "api.steampowered.com",
  steamspy: "steamspy.com",
  steamspyAll: "steamspy.com (request=all)",
};

const budgetSchema = z.object({
  requests: z.number().int().positive(),
  windowSeconds: z.number().positive(),
});
const budgetsSchema = z.object(Object.fromEntries(HOSTS.map((host) => [host, budgetSchema.optional()]))).strict();

/** The environment, or a test's stand-in for it. */
type Env = Record<string, string | undefined>;

export interface SyncConfig {
  budgets: Record<HostId, Budget>;
  urls: { store: string; api: string; steamspy: string };
  /** IStoreService needs a key; without one the app list and tag list are not walked (status says so) */
  apiKey: string | null;
  /** one HTTP attempt's time limit */
  timeoutMs: number;
  /** requests in flight per host at most (the budget spaces them; this only bounds waiting on slow answers) */
  concurrency: number;
  /** first retry delay after a 5xx or network error; doubled each time */
  retryBaseMs: number;
  /** how long a 403 stops a host */
  blockSeconds: number;
  /** shifts the sync's clock (tests of later days only; ignored in a production deployment) */
  clockShiftSeconds: number;
}

/** Reads and checks the sync's environment; a bad value stops the sync with a message naming it. */
export function syncConfig(env: Env = process.env): SyncConfig {
  return {
    budgets: parseBudgets(env.LUDEX_SYNC_BUDGETS),
    urls: {
      store: baseUrl(env.LUDEX_STEAM_STORE_URL, "https://store.steampowered.com", "LUDEX_STEAM_STORE_URL"),
      api: baseUrl(env.LUDEX_STEAM_API_URL, "https://api.steampowered.com", "LUDEX_STEAM_API_URL"),
      steamspy: baseUrl(env.LUDEX_STEAMSPY_URL, "https://steamspy.com", "LUDEX_STEAMSPY_URL"),
    },
    apiKey: env.STEAM_API_KEY?.trim() || null,
    timeoutMs: positiveNumber(env.LUDEX_SYNC_TIMEOUT_MS, 20_000, "LUDEX_SYNC_TIMEOUT_MS"),
    concurrency: positiveInteger(env.LUDEX_SYNC_CONCURRENCY, 4, "LUDEX_SYNC_CONCURRENCY"),
    retryBaseMs: positiveNumber(env.LUDEX_SYNC_RETRY_MS, 2_000, "LUDEX_SYNC_RETRY_MS"),
    blockSeconds: positiveNumber(env.LUDEX_SYNC_BLOCK_HOURS, 6, "LUDEX_SYNC_BLOCK_HOURS") * 3600,
    clockShiftSeconds: clockShift(env),
  };
}

function parseBudgets(text: string | undefined): Record<HostId, Budget> {
  if (!text?.trim()) return { ...DEFAULT_BUDGETS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`LUDEX_SYNC_BUDGETS is not JSON: ${text.slice(0, 80)}`);
  }
  const result = budgetsSchema.safeParse(parsed);
  if (!result.success) {
    throw new Error(`LUDEX_SYNC_BUDGETS: ${result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")} (keys: ${HOSTS.join(", ")}; e.g. {"store":{"requests":200,"windowSeconds":300}})`);
  }
  const overrides = result.data as Partial<Record<HostId, Budget>>;
  return Object.fromEntries(HOSTS.map((host) => [host, overrides[host] ?? DEFAULT_BUDGETS[host]])) as Record<HostId, Budget>;
}

function baseUrl(value: string | undefined, fallback: string, name: string): string {
  const url = value?.trim() || fallback;
  if (!/^https?:\/\/[^\s/]+/.test(url)) throw new Error(`${name} must be an http(s) base address, got ${url}`);
  return url.replace(/\/+$/, "");
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got ${value}`);
  return n;
}

function positiveInteger(value: string | undefined, fallback: number, name: string): number {
  const n = positiveNumber(value, fallback, name);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, got ${value}`);
  return n;
}

function clockShift(env: Env): number {
  const value = env.LUDEX_SYNC_CLOCK_SHIFT_SECONDS;
  if (!value) return 0;
  // a production deployment never runs on another day than today
  if (isProductionDeployment()) return 0;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new Error(`LUDEX_SYNC_CLOCK_SHIFT_SECONDS must be an integer, got ${value}`);
  return n;
}

/**
 * The gap between two requests to a host: the window spread evenly over its requests, widened by half a percent
 * of the window and at least a quarter of a second, so that the jitter of arrivals (a first request's connection,
 * a busy event loop) cannot fit one request more into any window (docs/sync.md "Budgets").
 */
export const ARRIVAL_MARGIN_SECONDS = 0.25;

export function slotSeconds(budget: Budget): number {
  return (budget.windowSeconds + Math.max(budget.windowSeconds * 0.005, ARRIVAL_MARGIN_SECONDS)) / budget.requests;
}

/**
 * A cron tick's length: it must end well inside the function's maximum duration (vercel.json gives the route
 * 300 s, which every plan allows with Fluid compute), leaving time to store the report.
 */
export function cronTickSeconds(env: Env = process.env): number {
  return positiveNumber(env.LUDEX_SYNC_TICK_SECONDS, 240, "LUDEX_SYNC_TICK_SECONDS");
}
