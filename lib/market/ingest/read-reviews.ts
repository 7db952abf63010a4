import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import type { IngestLog } from "./ingest-log";

export interface ReviewRow {
  id: string;
  appId: number;
  language: string;
  text: string;
  votedUp: boolean;
  votesUp: number;
  votesFunny: number;
  weightedVoteScore: number;
  commentCount: number;
  steamPurchase: boolean;
  receivedForFree: boolean;
  writtenDuringEarlyAccess: boolean;
  createdAt: Date;
  updatedAt: Date;
  authorSteamId: string | null;
  authorNumGamesOwned: number | null;
  authorNumReviews: number | null;
  authorPlaytimeForever: number | null;
  authorPlaytimeAtReview: number | null;
}

/** Steam `appreviews` dumps, `reviews/<appid>.json.gz`: `{reviews: {id: review}, query_summary}`. */
export function readReviewDumps(dataDir: string, log: IngestLog): ReviewRow[] {
  const source = "steam-appreviews";
  const dir = join(dataDir, "reviews");
  if (!existsSync(dir)) return [];
  const rows: ReviewRow[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json.gz"))) {
    const appId = Number(file.replace(".json.gz", ""));
    let dump: { reviews?: Record<string, any> };
    try {
      dump = JSON.parse(gunzipSync(readFileSync(join(dir, file))).toString("utf8"));
    } catch (error) {
      log.malformed(source, file, `unreadable dump: ${(error as Error).message}`);
      continue;
    }
    for (const [id, review] of Object.entries(dump.reviews ?? {})) {
      log.read(source);
      const row = toReview(appId, id, review);
      if (typeof row === "string") log.malformed(source, `${appId}/${id}`, row);
      else rows.push(row);
    }
  }
  return rows;
}

function toReview(appId: number, id: string, r: any): ReviewRow | string {
  if (!Number.isInteger(appId) || appId <= 0) return "bad appid in file name";
  if (!r || typeof r.review !== "string") return "missing review text";
  if (typeof r.voted_up !== "boolean") return "missing voted_up";
  const created = Number(r.timestamp_created);
  if (!Number.isFinite(created) || created <= 0) return "bad timestamp_created";
  const author = r.author ?? {};
  return {
    id: String(r.recommendationid ?? id),
    appId,
    language: String(r.language ?? "unknown"),
    text: r.review,
    votedUp: r.voted_up,
    votesUp: int(r.votes_up) ?? 0,
    votesFunny: int(r.votes_funny) ?? 0,
    weightedVoteScore: Number(r.weighted_vote_score) || 0,
    commentCount: int(r.comment_count) ?? 0,
    steamPurchase: Boolean(r.steam_purchase),
    receivedForFree: Boolean(r.received_for_free),
    writtenDuringEarlyAccess: Boolean(r.written_during_early_access),
    createdAt: new Date(created * 1000),
    updatedAt: new Date((Number(r.timestamp_updated) || created) * 1000),
    authorSteamId: author.steamid ? String(author.steamid) : null,
    authorNumGamesOwned: int(author.num_games_owned),
    authorNumReviews: int(author.num_reviews),
    authorPlaytimeForever: int(author.playtime_forever),
    authorPlaytimeAtReview: int(author.playtime_at_review),
  };
}

function int(value: unknown): number | null {
  const n = Number(value);
  return value !== undefined && value !== null && Number.isInteger(n) && n >= 0 && n <= 2_147_483_647 ? n : null;
}
