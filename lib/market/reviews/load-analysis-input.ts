import { createHash } from "node:crypto";
import { notFound } from "../../api/api-error";
import { getPrisma } from "../../db/prisma-client";
import { steamReviewLabel } from "../review-label";
import type { AnalysisInput, ReviewCounts } from "./analyse-reviews";
import type { ReviewInput } from "./review-input";

interface TitleRow {
  name: string;
  reviews_positive: number | null;
  reviews_negative: number | null;
  review_source: { source: string; observedAt: string } | null;
  snapshots: { source: string; observedAt: string; positive: number; negative: number }[] | null;
  texts: number;
  /** md5 over each text's id, Steam update time and votes: an edited or re-voted review changes it */
  texts_digest: string | null;
}

export interface TitleFacts {
  input: Omit<AnalysisInput, "reviews">;
  texts: number;
  /** fingerprint of the rows an analysis rests on: counts, snapshots, and each text's id, update time and votes */
  digest: string;
}

/** The title's name, review counts and snapshot series, and a digest of its texts, in one statement. */
export async function loadTitleFacts(appId: number): Promise<TitleFacts> {
  const rows = await getPrisma().$queryRaw<TitleRow[]>`
    SELECT g.name, g.reviews_positive, g.reviews_negative, g.sources -> 'reviews' AS review_source,
      (SELECT json_agg(json_build_object('source', s.source, 'observedAt', to_char(s.observed_on, 'YYYY-MM-DD'),
          'positive', s.reviews_positive, 'negative', s.reviews_negative) ORDER BY s.observed_on, s.source)
        FROM snapshots s
        WHERE s.app_id = g.app_id AND s.reviews_positive IS NOT NULL AND s.reviews_negative IS NOT NULL) AS snapshots,
      (SELECT count(*)::int FROM reviews r WHERE r.app_id = g.app_id) AS texts,
      (SELECT md5(string_agg(concat_ws(':', r.id, extract(epoch FROM r.updated_at), r.voted_up, r.votes_up, r.weighted_vote_score),
          ',' ORDER BY r.id)) FROM reviews r WHERE r.app_id = g.app_id) AS texts_digest
    FROM games g WHERE g.app_id = ${appId}`;
  const row = rows[0];
  if (!row) throw notFound(`No game with appId ${appId}.`, "appId");
  const steamReviews =
    row.review_source && row.reviews_positive !== null && row.reviews_negative !== null
      ? counts(row.review_source.source, row.review_source.observedAt, row.reviews_positive, row.reviews_negative)
      : null;
  const trajectory = (row.snapshots ?? []).map((s) => counts(s.source, s.observedAt, s.positive, s.negative));
  const input = { appId, name: row.name, steamReviews, trajectory };
  const digest = createHash("sha256")
    .update(JSON.stringify([input, row.texts, row.texts_digest]))
    .digest("hex")
    .slice(0, 32);
  return { input, texts: row.texts, digest };
}

function counts(source: string, observedAt: string, positive: number, negative: number): ReviewCounts {
  const total = positive + negative;
  return {
    source,
    observedAt,
    positive,
    negative,
    total,
    positiveShare: total > 0 ? Number((positive / total).toFixed(4)) : null,
    label: steamReviewLabel(positive, negative).label,
  };
}

interface ReviewRow {
  id: string;
  language: string;
  text: string;
  voted_up: boolean;
  votes_up: number;
  weighted_vote_score: number;
  written_during_early_access: boolean;
  created_at: Date;
  author_steam_id: string | null;
  author_playtime_at_review: number | null;
  author_playtime_forever: number | null;
}

/** A title's collected review texts, in id order so the analysis reads them the same way every time. */
export async function loadReviewTexts(appId: number): Promise<ReviewInput[]> {
  const rows = await getPrisma().$queryRaw<ReviewRow[]>`
    SELECT id, language, text, voted_up, votes_up, weighted_vote_score, written_during_early_access, created_at,
      author_steam_id, author_playtime_at_review, author_playtime_forever
    FROM reviews WHERE app_id = ${appId} ORDER BY id`;
  return rows.map((r) => ({
    id: r.id,
    language: r.language,
    text: r.text,
    votedUp: r.voted_up,
    votesUp: r.votes_up,
    weightedVoteScore: Number(r.weighted_vote_score),
    earlyAccess: r.written_during_early_access,
    createdAt: new Date(r.created_at).toISOString(),
    authorSteamId: r.author_steam_id,
    playtimeAtReviewMinutes: r.author_playtime_at_review,
    playtimeForeverMinutes: r.author_playtime_forever,
  }));
}
