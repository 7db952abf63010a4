import { toRecord, type SteamSpyRecord } from "../../market/ingest/read-steamspy";
import { getJson, SourceFailure } from "./fetch-json";

/**
 * steamspy.com/api.php: `request=all&page=N` (1,000 apps a page, from 0; owners, CCU, review counts, price; no
 * tags) at most once a minute, and `request=appdetails&appid=ID` (the same plus tags with votes) once a second.
 * SteamSpy refreshes its data once a day.
 */
export interface SteamSpyClientOptions {
  baseUrl: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** `end`: an empty page, or one that is not a page at all: the walk stops there. */
export type AllPage = { kind: "page"; records: SteamSpyRecord[]; malformed: number } | { kind: "end"; why: string };

export interface SteamSpyDetails {
  record: SteamSpyRecord | null;
  /** tag names by votes, most voted first */
  tags: { name: string; votes: number }[];
}

/** SteamSpy's answer when it is overloaded: HTTP 200 with this text, not JSON. It means slow down. */
const OVERLOADED = /too many connections/i;

export function steamSpyClient(options: SteamSpyClientOptions) {
  const get = async (query: string) => {
    try {
      return (await getJson(`${options.baseUrl}/api.php?${query}`, { timeoutMs: options.timeoutMs, signal: options.signal })).body;
    } catch (error) {
      if (error instanceof SourceFailure && OVERLOADED.test(error.message)) throw new SourceFailure("throttled", error.message, error.status);
      throw error;
    }
  };
  return {
    async allPage(page: number): Promise<AllPage> {
      const body = await get(`request=all&page=${page}`);
      if (!body || typeof body !== "object" || Array.isArray(body)) return { kind: "end", why: `page ${page} is ${Array.isArray(body) ? "an empty list" : "not a page"}` };
      const entries = Object.entries(body as Record<string, unknown>);
      if (entries.length === 0) return { kind: "end", why: `page ${page} is empty` };
      const records: SteamSpyRecord[] = [];
      for (const [key, raw] of entries) {
        const record = toRecord(key, raw);
        if (typeof record !== "string") records.push(record);
      }
      if (records.length === 0) return { kind: "end", why: `page ${page} holds no app` };
      return { kind: "page", records, malformed: entries.length - records.length };
    },

    async appDetails(appId: number): Promise<SteamSpyDetails> {
      const body = await get(`request=appdetails&appid=${appId}`);
      if (!body || typeof body !== "object" || Array.isArray(body)) throw new SourceFailure("rejected", `SteamSpy appdetails ${appId}: not an object`);
      const raw = body as Record<string, unknown>;
      const record = toRecord(String(appId), raw);
      return { record: typeof record === "string" || !record.name ? null : record, tags: tagsOf(raw.tags) };
    },
  };
}

export type SteamSpyClient = ReturnType<typeof steamSpyClient>;

/** `{"Indie": 123, ...}`, or `[]` when the app has none. */
function tagsOf(value: unknown): SteamSpyDetails["tags"] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[0].trim() !== "")
    .map(([name, votes]) => ({ name: name.trim(), votes }))
    .sort((a, b) => b.votes - a.votes);
}
