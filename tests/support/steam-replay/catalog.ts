import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { IngestLog } from "@/lib/market/ingest/ingest-log";
import { readAppDetails, readReviewStats2021, readTagList, type ReviewStats } from "@/lib/market/ingest/read-store";
import { readStoreExtras, type StoreExtras } from "./store-extras";

export const DATA_DIR = fileURLToPath(new URL("../../../prisma/data", import.meta.url));
const SNAPSHOT = "2025-01-01";

/** A SteamSpy `all` record exactly as its page holds it (prices are strings, names may be ""). */
export type SpyRecord = Record<string, unknown>;

export interface SpyEntry {
  appId: number;
  record: SpyRecord;
}

/** The real data the replay serves, read once per process and never changed. */
export interface Catalog {
  pageFiles: string[];
  /** each page's entries in the file's order; an app may sit on two pages, as in the real snapshot */
  pages: SpyEntry[][];
  /** an app's record from the first page that holds it */
  spy: Map<number, SpyRecord>;
  /** appids in order of first appearance (SteamSpy's order: owners descending) */
  order: number[];
  /** appids ascending, for the app list */
  ascending: number[];
  recorded: Map<number, Record<string, any>>;
  reviewStats: Map<number, ReviewStats>;
  extras: Map<number, StoreExtras>;
  tags: { id: number; name: string }[];
}

let cached: Catalog | undefined;

/** The catalog, read on first use; later replays in the same process share it (it is read-only). */
export function loadCatalog(): Catalog {
  return (cached ??= readCatalog(DATA_DIR));
}

function readCatalog(dataDir: string): Catalog {
  const log = new IngestLog();
  const dir = join(dataDir, "steamspy", SNAPSHOT);
  const pageFiles = readdirSync(dir)
    .filter((name) => /^page-\d+\.json\.gz$/.test(name))
    .sort((a, b) => pageNumber(a) - pageNumber(b))
    .map((name) => join(dir, name));
  const pages = pageFiles.map((file) => readPage(readPageText(file)));
  const spy = new Map<number, SpyRecord>();
  const order: number[] = [];
  for (const entry of pages.flat()) {
    if (spy.has(entry.appId)) continue;
    spy.set(entry.appId, entry.record);
    order.push(entry.appId);
  }
  return {
    pageFiles,
    pages,
    spy,
    order,
    ascending: [...order].sort((a, b) => a - b),
    recorded: new Map([...readAppDetails(dataDir, log)].map(([appId, details]) => [appId, details.data])),
    reviewStats: readReviewStats2021(dataDir, log),
    extras: readStoreExtras(dataDir),
    tags: readTagList(dataDir, log),
  };
}

export function readPageText(file: string): string {
  return gunzipSync(readFileSync(file)).toString("utf8");
}

function pageNumber(name: string): number {
  return Number(/\d+/.exec(name)![0]);
}

/**
 * JSON.parse orders integer keys ascending, losing the page's own order (owners descending), so the
 * order is read from the text: the pages are printed with each top-level key on its own line.
 */
function readPage(text: string): SpyEntry[] {
  const parsed = JSON.parse(text) as Record<string, SpyRecord>;
  const keys = [...text.matchAll(/^ {4}"(\d+)": \{/gm)].map((match) => match[1]);
  const ordered = keys.length === Object.keys(parsed).length ? keys : Object.keys(parsed);
  return ordered.map((key) => ({ appId: Number(key), record: parsed[key] }));
}
