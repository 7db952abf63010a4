import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { IngestLog } from "./ingest-log";
import { cleanText } from "./text";

export interface SteamSpyRecord {
  appId: number;
  /** SteamSpy serves some apps with an empty name: their counts are still real, the name comes from elsewhere */
  name: string | null;
  developers: string[];
  publishers: string[];
  positive: number | null;
  negative: number | null;
  ownersLow: number | null;
  ownersHigh: number | null;
  ccu: number | null;
  priceCents: number | null;
  initialPriceCents: number | null;
  discountPercent: number | null;
  playtimeAvg: number | null;
  playtimeMedian: number | null;
}

export interface SteamSpySnapshot {
  source: string;
  observedOn: string;
  records: Map<number, SteamSpyRecord>;
}

/** Every `steamspy/<date>/page-N.json.gz`: SteamSpy's `request=all` pages, objects keyed by appid. */
export function readSteamSpySnapshots(dataDir: string, log: IngestLog): SteamSpySnapshot[] {
  const root = join(dataDir, "steamspy");
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .filter((name) => /^\d{4}-\d{2}-\d{2}$/.test(name))
    .sort()
    .reverse()
    .map((observedOn) => {
      const source = `steamspy-${observedOn}`;
      const records = new Map<number, SteamSpyRecord>();
      for (const page of readdirSync(join(root, observedOn)).filter((f) => f.endsWith(".json.gz"))) {
        readPage(join(root, observedOn, page), source, records, log);
      }
      return { source, observedOn, records };
    });
}

function readPage(path: string, source: string, records: Map<number, SteamSpyRecord>, log: IngestLog) {
  let page: Record<string, unknown>;
  try {
    page = JSON.parse(gunzipSync(readFileSync(path)).toString("utf8"));
  } catch (error) {
    log.malformed(source, path, `unreadable page: ${(error as Error).message}`);
    return;
  }
  for (const [key, raw] of Object.entries(page)) {
    log.read(source);
    const record = toRecord(key, raw);
    if (typeof record === "string") log.malformed(source, key, record);
    else records.set(record.appId, record);
  }
}

/** One `all` or `appdetails` entry as a record, or the reason it is malformed. */
export function toRecord(key: string, raw: unknown): SteamSpyRecord | string {
  if (!raw || typeof raw !== "object") return "not an object";
  const r = raw as Record<string, unknown>;
  const appId = Number(r.appid ?? key);
  if (!Number.isInteger(appId) || appId <= 0) return `bad appid ${String(r.appid)}`;
  const name = cleanText(r.name);
  const owners = parseOwners(r.owners);
  if (owners === "bad") return `bad owners ${String(r.owners)}`;
  const positive = count(r.positive);
  const negative = count(r.negative);
  if (positive === undefined || negative === undefined) return "bad review counts";
  return {
    appId,
    name,
    developers: splitNames(r.developer),
    publishers: splitNames(r.publisher),
    positive,
    negative,
    ownersLow: owners?.low ?? null,
    ownersHigh: owners?.high ?? null,
    ccu: count(r.ccu) ?? null,
    priceCents: count(r.price) ?? null,
    initialPriceCents: count(r.initialprice) ?? null,
    discountPercent: count(r.discount) ?? null,
    playtimeAvg: count(r.average_forever) ?? null,
    playtimeMedian: count(r.median_forever) ?? null,
  };
}

/** A non-negative integer from a number or a numeric string; null when absent; undefined when garbage. */
export function count(value: unknown): number | null | undefined {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).replace(/,/g, ""));
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : undefined;
}

/** "1,000,000 .. 2,000,000" (SteamSpy) or "1000000-2000000" (2019 dataset). */
export function parseOwners(value: unknown): { low: number; high: number } | null | "bad" {
  if (value === null || value === undefined || value === "") return null;
  const match = /^\s*([\d,]+)\s*(?:\.\.|-)\s*([\d,]+)\s*$/.exec(String(value));
  if (!match) return "bad";
  const low = Number(match[1].replace(/,/g, ""));
  const high = Number(match[2].replace(/,/g, ""));
  return low <= high && high <= 2_147_483_647 ? { low, high } : "bad";
}

const COMPANY_SUFFIX = /^(inc|llc|ltd|co|corp|gmbh|ag|kg|bv|sas|sl|s\.?a|s\.?r\.?l|s\.?r\.?o|a\.?b|oy|pty|plc|limited|co\.?,? ?ltd)\.?$/i;

/**
 * SteamSpy joins names with ", ", but company names hold that too ("CAPCOM Co., Ltd.", "Epic Games, Inc."):
 * a part that is only a company suffix stays with the name before it. A comma without a space
 * ("IMCGAMES Co.,Ltd.") is inside a name, and so is a comma inside parentheses ("Aspyr (Mac, Linux, &
 * Windows Update)"); a trailing comma is dropped. HTML escapes are decoded ("Signo &amp; Arte").
 */
export function splitNames(value: unknown): string[] {
  if (typeof value !== "string" || !value.trim()) return [];
  const parts = value.trim().replace(/,+$/, "").split(/,\s+/);
  const names: string[] = [];
  for (const part of parts) {
    const trimmed = cleanText(part);
    if (!trimmed) continue;
    if (names.length > 0 && (COMPANY_SUFFIX.test(trimmed) || insideParentheses(names[names.length - 1]))) {
      names[names.length - 1] += `, ${trimmed}`;
    } else names.push(trimmed);
  }
  return [...new Set(names)];
}

function insideParentheses(name: string): boolean {
  return (name.match(/\(/g)?.length ?? 0) > (name.match(/\)/g)?.length ?? 0);
}
