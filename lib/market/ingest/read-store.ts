import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parseCsv, parseCsvRecords, parsePythonList } from "./csv";
import type { IngestLog } from "./ingest-log";
import { count, parseOwners } from "./read-steamspy";
import { parseReleaseDate, type ReleaseDate } from "./release-date";

export interface StoreRecord {
  appId: number;
  name: string | null;
  developers: string[];
  publishers: string[];
  release: ReleaseDate & { text: string | null };
  platforms: string[] | null;
  genres: string[] | null;
  categories: string[] | null;
  tagNames: string[] | null;
  price: { cents: number | null; initialCents: number | null; currency: string; discountPercent: number | null } | null;
  positive: number | null;
  negative: number | null;
  owners: { low: number; high: number } | null;
  playtimeAvg: number | null;
  playtimeMedian: number | null;
}

const readGz = (path: string) => gunzipSync(readFileSync(path)).toString("utf8");

export function readTagList(dataDir: string, log: IngestLog): { id: number; name: string }[] {
  const path = join(dataDir, "tags", "steam-tags.csv");
  if (!existsSync(path)) return [];
  const tags: { id: number; name: string }[] = [];
  for (const row of parseCsv(readFileSync(path, "utf8"))) {
    if (row.length === 1 && row[0] === "") continue;
    log.read("steam-tags");
    const id = Number(row[0]);
    const name = row.slice(1).join(",").trim();
    if (!Number.isInteger(id) || id <= 0 || !name) log.malformed("steam-tags", row.join(","), "expected tagid,name");
    else tags.push({ id, name });
  }
  return tags;
}

/** The 2019 "Steam Store Games" CSV: `;`-separated lists, prices in GBP, owners "1000-2000". */
export function readStore2019(dataDir: string, log: IngestLog): Map<number, StoreRecord> {
  const source = "steam-store-2019";
  const path = join(dataDir, "store", "steam-store-games-2019.csv.gz");
  const records = new Map<number, StoreRecord>();
  if (!existsSync(path)) return records;
  for (const row of parseCsvRecords(readGz(path))) {
    log.read(source);
    const appId = Number(row.appid);
    const owners = parseOwners(row.owners);
    const positive = count(row.positive_ratings);
    const negative = count(row.negative_ratings);
    const pounds = Number(row.price);
    if (!Number.isInteger(appId) || appId <= 0) { log.malformed(source, JSON.stringify(row), "bad appid"); continue; }
    if (!row.name?.trim()) { log.malformed(source, row.appid, "missing name"); continue; }
    if (owners === "bad" || positive === undefined || negative === undefined || Number.isNaN(pounds)) {
      log.malformed(source, row.appid, "bad numbers (owners, ratings or price)"); continue;
    }
    const release = parseReleaseDate(row.release_date);
    records.set(appId, {
      appId,
      name: row.name.trim(),
      developers: list(row.developer),
      publishers: list(row.publisher),
      release: { ...release, text: row.release_date || null },
      platforms: list(row.platforms).filter((p) => ["windows", "mac", "linux"].includes(p)),
      genres: list(row.genres),
      categories: list(row.categories),
      tagNames: list(row.steamspy_tags),
      price: { cents: Math.round(pounds * 100), initialCents: null, currency: "GBP", discountPercent: null },
      positive,
      negative,
      owners: owners ?? null,
      playtimeAvg: positiveOrNull(count(row.average_playtime)),
      playtimeMedian: positiveOrNull(count(row.median_playtime)),
    });
  }
  return records;
}

/** The ~2023 store search scrape: Python-list tags in store order, free-text dates, dollar prices. */
export function readStoreSearch2023(dataDir: string, log: IngestLog): Map<number, StoreRecord> {
  const source = "steam-store-search-2023";
  const path = join(dataDir, "store", "steam-store-search-2023.csv.gz");
  const records = new Map<number, StoreRecord>();
  if (!existsSync(path)) return records;
  for (const row of parseCsvRecords(readGz(path))) {
    log.read(source);
    const appId = Number(row.Unique_ID);
    const tagNames = row.tags?.trim() === "None Listed" ? [] : parsePythonList(row.tags ?? "");
    if (!Number.isInteger(appId) || appId <= 0) { log.malformed(source, JSON.stringify(row).slice(0, 100), "bad appid"); continue; }
    if (tagNames === null) { log.malformed(source, row.Unique_ID, `tags not a list: ${row.tags?.slice(0, 40)}`); continue; }
    const release = parseReleaseDate(row.date_released);
    const dollars = /^\d+(\.\d+)?$/.test(row.price?.trim() ?? "") ? Number(row.price) : null;
    const discount = /^-(\d+)%$/.exec(row.discount?.trim() ?? "");
    const platforms = (["windows", "mac", "linux"] as const).filter((_, i) => [row.win_comp, row.mac_comp, row.linux_comp][i] === "1");
    records.set(appId, {
      appId,
      name: row.title?.trim() || null,
      developers: [],
      publishers: [],
      release: { ...release, text: row.date_released?.trim() || null },
      platforms,
      genres: null,
      categories: null,
      tagNames,
      price: dollars === null ? null : { cents: Math.round(dollars * 100), initialCents: null, currency: "USD", discountPercent: discount ? Number(discount[1]) : row.discount === "No Discount" ? 0 : null },
      positive: null,
      negative: null,
      owners: null,
      playtimeAvg: null,
      playtimeMedian: null,
    });
  }
  return records;
}

export interface AppDetails {
  appId: number;
  data: Record<string, any>;
  release: ReleaseDate & { text: string | null };
}

/** Steam `appdetails` payloads (the `data` object), one file per app. */
export function readAppDetails(dataDir: string, log: IngestLog): Map<number, AppDetails> {
  const source = "steam-appdetails";
  const dir = join(dataDir, "store", "appdetails");
  const records = new Map<number, AppDetails>();
  if (!existsSync(dir)) return records;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    log.read(source);
    try {
      const data = JSON.parse(readFileSync(join(dir, file), "utf8"));
      const appId = Number(data?.steam_appid ?? file.replace(".json", ""));
      if (!Number.isInteger(appId) || appId <= 0 || typeof data?.name !== "string") throw new Error("missing steam_appid or name");
      const text = typeof data.release_date?.date === "string" ? data.release_date.date : null;
      records.set(appId, { appId, data, release: { ...parseReleaseDate(text), text } });
    } catch (error) {
      log.malformed(source, file, (error as Error).message);
    }
  }
  return records;
}

export interface ReviewStats {
  positive: number;
  negative: number;
}

/** Steam `appreviews` query_summary per app, 2021. */
export function readReviewStats2021(dataDir: string, log: IngestLog): Map<number, ReviewStats> {
  const source = "steam-review-stats-2021";
  const path = join(dataDir, "store", "review-stats-2021.json.gz");
  const records = new Map<number, ReviewStats>();
  if (!existsSync(path)) return records;
  for (const [key, raw] of Object.entries(JSON.parse(readGz(path)) as Record<string, any>)) {
    log.read(source);
    const appId = Number(key);
    const positive = count(raw?.total_positive);
    const negative = count(raw?.total_negative);
    if (!Number.isInteger(appId) || appId <= 0 || positive == null || negative == null) {
      log.malformed(source, key, "bad appid or review counts");
      continue;
    }
    records.set(appId, { positive, negative });
  }
  return records;
}

function list(value: string | undefined): string[] {
  return (value ?? "").split(";").map((part) => part.trim()).filter(Boolean);
}

function positiveOrNull(value: number | null | undefined): number | null {
  return value ? value : null;
}
