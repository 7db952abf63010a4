/** One stored review as the analysis reads it (a row of `reviews`). */
export interface ReviewInput {
  id: string;
  language: string;
  text: string;
  votedUp: boolean;
  votesUp: number;
  weightedVoteScore: number;
  earlyAccess: boolean;
  /** ISO timestamp */
  createdAt: string;
  authorSteamId: string | null;
  playtimeAtReviewMinutes: number | null;
  /** the author's total playtime when the dump was taken, which includes play after the review */
  playtimeForeverMinutes: number | null;
}

/** Languages wink-eng-lite-web-model reads; reviews in others are collected but not analysed. */
export const ANALYSED_LANGUAGES = ["english"] as const;

export const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** Whitespace- and case-folded text: two reviews with the same folded text count once in `distinct`. */
export const foldText = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

// Steam review markup: [b], [/i], [list], [*], [h1], [url=...], [spoiler]...
const BBCODE = /\[\/?(?:[a-z][a-z0-9]*|\*)(?:=[^\]]*)?\]/gi;

/** The text without Steam's BBCode markup, which is layout, not words: what the model reads and quotes. */
export const plainText = (text: string) => text.replace(BBCODE, " ").replace(/[ \t]+/g, " ");

export function share(part: number, whole: number): number | null {
  return whole > 0 ? round(part / whole) : null;
}
