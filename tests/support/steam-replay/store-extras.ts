import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parseCsvRecords, parsePythonList } from "@/lib/market/ingest/csv";
import { parseReleaseDate } from "@/lib/market/ingest/release-date";
import { cleanText } from "@/lib/market/ingest/text";

/** What the two store CSVs know about an app that SteamSpy's `all` record does not. */
export interface StoreExtras {
  /** as the store prints it: "9 Jul, 2013", or a month-or-coarser text ("December 2023") as scraped */
  releaseText?: string;
  platforms?: { windows: boolean; mac: boolean; linux: boolean };
  /** Store 2019 genres */
  genres?: string[];
  /** store search 2023 tags in store order, else Store 2019's SteamSpy tags */
  tagNames?: string[];
  requiredAge?: number;
  name?: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Only the columns the replay needs, read with the ingestion's own CSV and date parsers; the full
 * readers in lib/market/ingest/read-store.ts build much more per row and take about a second each.
 */
export function readStoreExtras(dataDir: string): Map<number, StoreExtras> {
  const extras = new Map<number, StoreExtras>();
  // 2023 first, then 2019 fills only what 2023 left unknown: the newer scrape wins where both know.
  for (const row of readCsv(join(dataDir, "store", "steam-store-search-2023.csv.gz"))) {
    const appId = Number(row.Unique_ID);
    if (!Number.isInteger(appId) || appId <= 0) continue;
    const listed = row.tags?.trim() === "None Listed" ? [] : (parsePythonList(row.tags ?? "") ?? []);
    extras.set(appId, {
      releaseText: storeDate(row.date_released),
      platforms: platformFlags(row.win_comp, row.mac_comp, row.linux_comp),
      tagNames: cleanList(listed),
      name: cleanText(row.title) ?? undefined,
    });
  }
  for (const row of readCsv(join(dataDir, "store", "steam-store-games-2019.csv.gz"))) {
    const appId = Number(row.appid);
    if (!Number.isInteger(appId) || appId <= 0) continue;
    const known = extras.get(appId) ?? {};
    const platforms = (row.platforms ?? "").split(";");
    extras.set(appId, {
      releaseText: known.releaseText ?? storeDate(row.release_date),
      platforms: known.platforms ?? { windows: platforms.includes("windows"), mac: platforms.includes("mac"), linux: platforms.includes("linux") },
      genres: cleanList((row.genres ?? "").split(";")),
      tagNames: known.tagNames?.length ? known.tagNames : cleanList((row.steamspy_tags ?? "").split(";")),
      requiredAge: Number(row.required_age) || 0,
      name: known.name ?? cleanText(row.name) ?? undefined,
    });
  }
  return extras;
}

function readCsv(path: string): Record<string, string>[] {
  return parseCsvRecords(gunzipSync(readFileSync(path)).toString("utf8"));
}

function cleanList(values: string[]): string[] {
  return values.map(cleanText).filter((value): value is string => value !== null);
}

function platformFlags(win?: string, mac?: string, linux?: string) {
  return { windows: win === "1", mac: mac === "1", linux: linux === "1" };
}

/** A known date in the store's own print ("9 Jul, 2013"); a month or coarser date as scraped; else none. */
export function storeDate(text: string | undefined): string | undefined {
  const release = parseReleaseDate(text);
  if (!release.date) return undefined;
  if (release.precision !== "day") return text!.trim().replace(/\s+/g, " ");
  const [year, month, day] = release.date.split("-").map(Number);
  return `${day} ${MONTHS[month - 1]}, ${year}`;
}
