import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parseCsv, parseCsvRecords, parsePythonList } from "./csv";
import type { IngestLog } from "./ingest-log";
import { count, parseOwners } from "./read-steamspy";
import { parseReleaseDate, type ReleaseDate } from "./release-date";
import { cleanText } from "./text";

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
    // the list keeps Steam's HTML escapes and some trailing spaces ("Point &amp; Click", "Parody ")
    const name = cleanText(row.slice(1).join(","));
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
  for (const row of log.guard(source, path, [], () => parseCsvRecords(readGz(path)))) {
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
  for (const row of log.guard(source, path, [], () => parseCsvRecords(readGz(path)))) {
    log.read(source);
    const appId = Number(row.Unique_ID);
    const listed = row.tags?.trim() === "None Listed" ? [] : parsePythonList(row.tags ?? "");
    const tagNames = listed?.map(cleanText).filter((name): name is string => name !== null) ?? null;
    if (!Number.isInteger(appId) || appId <= 0) { log.malformed(source, JSON.stringify(row).slice(0, 100), "bad appid"); continue; }
    if (tagNames === null) { log.malformed(source, row.Unique_ID, `tags not a list: ${row.tags?.slice(0, 40)}`); continue; }
    const release = parseReleaseDate(row.date_released);
    const platforms = (["windows", "mac", "linux"] as const).filter((_, i) => [row.win_comp, row.mac_comp, row.linux_comp][i] === "1");
    records.set(appId, {
      appId,
      name: cleanText(row.title),
      developers: [],
      publishers: [],
      release: { ...release, text: row.date_released?.trim() || null },
      platforms,
      genres: null,
      categories: null,
      tagNames,
      price: searchPrice(row.price, row.discount),
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
  /** what Steam itself labelled these counts (review_score, review_score_desc), where present */
  steamScore?: number;
  steamLabel?: string;
}

/** Steam `appreviews` query_summary per app, downloaded in 2021 with the counts as of 2018-07-01. */
export function readReviewStats2021(dataDir: string, log: IngestLog): Map<number, ReviewStats> {
  const source = "steam-review-stats-2021";
  const path = join(dataDir, "store", "review-stats-2021.json.gz");
  const records = new Map<number, ReviewStats>();
  if (!existsSync(path)) return records;
  const all = log.guard(source, path, {}, () => JSON.parse(readGz(path)) as Record<string, any>);
  for (const [key, raw] of Object.entries(all)) {
    log.read(source);
    const appId = Number(key);
    const positive = count(raw?.total_positive);
    const negative = count(raw?.total_negative);
    if (!Number.isInteger(appId) || appId <= 0 || positive == null || negative == null) {
      log.malformed(source, key, "bad appid or review counts");
      continue;
    }
    const steamLabel = typeof raw.review_score_desc === "string" ? raw.review_score_desc : undefined;
    records.set(appId, { positive, negative, steamScore: count(raw.review_score) ?? undefined, steamLabel });
  }
  return records;
}

const FREE = /^(free|free to play|play for free!?)$/i;

/**
 * The search page's price is what a buyer paid that day: with a "-20%" discount it is the discounted
 * price and the list price was not shown (null, not guessed); "14.99</strike>...<br>Free" is a giveaway
 * (list 14.99, paid 0).
 */
export function searchPrice(priceText: string | undefined, discountText: string | undefined): StoreRecord["price"] {
  const text = (priceText ?? "").trim();
  const match = /^(?:(\d+(?:\.\d+)?)<\/strike>.*<br>)?(\d+(?:\.\d+)?|.*free.*)$/i.exec(text);
  if (!text || !match || (!/^\d/.test(match[2]) && !FREE.test(match[2]))) return null;
  const cents = /^\d/.test(match[2]) ? Math.round(Number(match[2]) * 100) : 0;
  const off = /^-(\d+)%$/.exec(discountText?.trim() ?? "");
  const discountPercent = off ? Number(off[1]) : discountText?.trim() === "No Discount" ? 0 : null;
  const initialCents = match[1] ? Math.round(Number(match[1]) * 100) : discountPercent === 0 ? cents : null;
  return { cents, initialCents, currency: "USD", discountPercent };
}

function list(value: string | undefined): string[] {
  return (value ?? "").split(";").map(cleanText).filter((part): part is string => part !== null);
}

function positiveOrNull(value: number | null | undefined): number | null {
  return value ? value : null;
}
