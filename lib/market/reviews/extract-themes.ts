import { findAspects, nameWords } from "./find-aspects";
import type { ReadReview, ReadSentence } from "./read-review-text";

export interface ThemeInputReview {
  id: string;
  /** the author's Steam id, or the review id when the author is unknown */
  authorKey: string;
  votedUp: boolean;
  weightedVoteScore: number;
  read: ReadReview;
}

export interface ThemeQuote {
  reviewId: string;
  quote: string;
  votedUp: boolean;
}

export interface Theme {
  key: string;
  label: string;
  reviews: number;
  share: number;
  reviewers: number;
  meanSentiment: number;
  examples: ThemeQuote[];
}

export interface Themes {
  positive: Theme[];
  negative: Theme[];
}

export const THEME_RULES = {
  /** sentences scoring within this of 0 take the polarity of the review's recommendation */
  neutralBand: 0.05,
  minReviews: 3,
  minShare: 0.01,
  perSide: 8,
  examples: 3,
  quoteChars: 220,
} as const;

type Polarity = "positive" | "negative";

interface Mention {
  review: ThemeInputReview;
  sentences: ReadSentence[];
  polarity: Polarity;
  sentiment: number;
}

interface Aspect {
  key: string;
  surfaces: Map<string, number>;
  mentions: Mention[];
}

/** Aspects (lemmatised nouns and compounds) each review talks about, with that review's sentiment about them. */
function collectAspects(reviews: ThemeInputReview[], excluded: Set<string>): Map<string, Aspect> {
  const aspects = new Map<string, Aspect>();
  const verbUses = new Map<string, Map<ThemeInputReview, ReadSentence[]>>();
  const add = (key: string, review: ThemeInputReview, sentences: ReadSentence[], surface?: string) => {
    let aspect = aspects.get(key);
    if (!aspect) aspects.set(key, (aspect = { key, surfaces: new Map(), mentions: [] }));
    if (surface) aspect.surfaces.set(surface, (aspect.surfaces.get(surface) ?? 0) + 1);
    aspect.mentions.push(mention(review, sentences));
  };
  for (const review of reviews) {
    const nounSentences = new Map<string, { sentences: ReadSentence[]; surface?: string }>();
    for (const sentence of review.read.sentences) {
      const found = findAspects(sentence.tokens, excluded);
      for (const key of found.nouns) {
        const entry = nounSentences.get(key) ?? { sentences: [], surface: found.surfaces.get(key) };
        entry.sentences.push(sentence);
        nounSentences.set(key, entry);
      }
      for (const verb of found.verbs) {
        const uses = verbUses.get(verb) ?? new Map<ThemeInputReview, ReadSentence[]>();
        uses.set(review, [...(uses.get(review) ?? []), sentence]);
        verbUses.set(verb, uses);
      }
    }
    for (const [key, entry] of nounSentences) add(key, review, entry.sentences, entry.surface);
  }
  // A word these reviews use mostly as a verb ("play", "buy") names no aspect, even where the tagger calls
  // one use a noun; one used mostly as a noun also takes its verb uses ("constant crashes", "keeps crashing").
  for (const [verb, uses] of verbUses) {
    const aspect = aspects.get(verb);
    if (!aspect) continue;
    if (uses.size > aspect.mentions.length) {
      aspects.delete(verb);
      continue;
    }
    const seen = new Set(aspect.mentions.map((m) => m.review.id));
    for (const [review, sentences] of uses) if (!seen.has(review.id)) aspect.mentions.push(mention(review, sentences));
  }
  return aspects;
}

function mention(review: ThemeInputReview, sentences: ReadSentence[]): Mention {
  const sentiment = sentences.reduce((sum, s) => sum + s.sentiment, 0) / sentences.length;
  const polarity: Polarity =
    Math.abs(sentiment) < THEME_RULES.neutralBand ? (review.votedUp ? "positive" : "negative") : sentiment > 0 ? "positive" : "negative";
  return { review, sentences, polarity, sentiment };
}

interface Candidate {
  aspect: Aspect;
  side: Mention[];
  score: number;
}

/** Ranks aspects for one side by how often and how distinctively reviews speak of them that way. */
function rankSide(aspects: Map<string, Aspect>, polarity: Polarity, analysed: number): Candidate[] {
  let sideTotal = 0;
  let allTotal = 0;
  for (const aspect of aspects.values()) {
    allTotal += aspect.mentions.length;
    sideTotal += aspect.mentions.filter((m) => m.polarity === polarity).length;
  }
  const baseRate = allTotal ? sideTotal / allTotal : 0;
  const minReviews = Math.max(THEME_RULES.minReviews, Math.ceil(THEME_RULES.minShare * analysed));
  const candidates: Candidate[] = [];
  for (const aspect of aspects.values()) {
    const side = aspect.mentions.filter((m) => m.polarity === polarity);
    if (side.length < minReviews || baseRate === 0) continue;
    const sideShare = side.length / aspect.mentions.length;
    const lift = sideShare / baseRate;
    // Only aspects spoken of mostly this way, and more often than the title's reviews speak of anything this way.
    if (lift < 1 || sideShare < 0.5) continue;
    candidates.push({ aspect, side, score: side.length * lift });
  }
  return candidates.sort((a, b) => b.score - a.score || a.aspect.key.localeCompare(b.aspect.key));
}

/** Keeps the best candidates, folding a compound into a theme that shares a word with it (and vice versa). */
function pickThemes(candidates: Candidate[]): Candidate[] {
  const picked: Candidate[] = [];
  const usedWords = new Set<string>();
  for (const candidate of candidates) {
    const words = candidate.aspect.key.split(" ");
    if (words.some((word) => usedWords.has(word))) continue;
    picked.push(candidate);
    words.forEach((word) => usedWords.add(word));
    if (picked.length === THEME_RULES.perSide) break;
  }
  return picked;
}

function label(aspect: Aspect): string {
  const forms = [...aspect.surfaces].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return forms[0]?.[0] ?? aspect.key;
}

/** A short excerpt of the sentence around the aspect's first word. */
function excerpt(text: string, key: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= THEME_RULES.quoteChars) return clean;
  const at = Math.max(0, clean.toLowerCase().indexOf(key.split(" ")[0].slice(0, 4)));
  const start = Math.max(0, Math.min(at - 60, clean.length - THEME_RULES.quoteChars));
  const body = clean.slice(start, start + THEME_RULES.quoteChars).trim();
  return `${start > 0 ? "…" : ""}${body}${start + THEME_RULES.quoteChars < clean.length ? "…" : ""}`;
}

function examples(candidate: Candidate, polarity: Polarity): ThemeQuote[] {
  const direction = polarity === "positive" ? 1 : -1;
  return [...candidate.side]
    .sort(
      (a, b) =>
        b.review.weightedVoteScore - a.review.weightedVoteScore ||
        direction * (b.sentiment - a.sentiment) ||
        a.review.id.localeCompare(b.review.id),
    )
    .slice(0, THEME_RULES.examples)
    .map((m) => {
      const sentence = [...m.sentences].sort((a, b) => direction * (b.sentiment - a.sentiment))[0];
      return { reviewId: m.review.id, quote: excerpt(sentence.text, candidate.aspect.key), votedUp: m.review.votedUp };
    });
}

const round = (value: number, digits = 4) => Number(value.toFixed(digits));

/** Positive and negative themes of a title's analysed reviews. Deterministic: every sort has a final tie-break. */
export function extractThemes(reviews: ThemeInputReview[], gameName: string): Themes {
  const aspects = collectAspects(reviews, nameWords(gameName));
  const build = (polarity: Polarity): Theme[] =>
    pickThemes(rankSide(aspects, polarity, reviews.length)).map((candidate) => ({
      key: candidate.aspect.key,
      label: label(candidate.aspect),
      reviews: candidate.side.length,
      share: round(candidate.side.length / reviews.length),
      reviewers: new Set(candidate.side.map((m) => m.review.authorKey)).size,
      meanSentiment: round(candidate.side.reduce((sum, m) => sum + m.sentiment, 0) / candidate.side.length),
      examples: examples(candidate, polarity),
    }));
  return { positive: build("positive"), negative: build("negative") };
}
