import type { ReadToken } from "./read-review-text";

/**
 * Nouns every game review uses whatever it says ("the game", "hours", "a lot"): they name no aspect of
 * the title, so they never become themes. Sentiment comes from the NLP model, not from this list.
 */
const STRUCTURAL_NOUNS = new Set(
  ("game games thing stuff lot lots time times hour hrs minute day year week month way people guy guys man bit " +
    "kind sort type point fact part reason review recommend one ones something anything everything nothing someone " +
    "anyone everyone nobody end start title version today yes thumb rating star steam shit crap fuck fucking hell").split(" "),
);

const WORD = /^[a-z][a-z'-]*[a-z]$/;

export interface SentenceAspects {
  /** aspect keys: noun lemmas and two-noun compounds ("frame rate") */
  nouns: string[];
  /** verb lemmas, which count as an aspect only when the same lemma is also one as a noun ("crashing", "crashes") */
  verbs: string[];
  /** aspect key to the surface form used in this sentence */
  surfaces: Map<string, string>;
}

const isAspectWord = (token: ReadToken, excluded: Set<string>) =>
  token.word && !token.stop && token.lemma.length >= 3 && WORD.test(token.lemma) && !STRUCTURAL_NOUNS.has(token.lemma) && !excluded.has(token.lemma);

/** Noun lemmas, noun-noun compounds and verb lemmas of one sentence, without the title's own name. */
export function findAspects(tokens: ReadToken[], excluded: Set<string>): SentenceAspects {
  const nouns = new Set<string>();
  const verbs = new Set<string>();
  const surfaces = new Map<string, string>();
  tokens.forEach((token, i) => {
    if (!isAspectWord(token, excluded)) return;
    if (token.pos === "VERB") verbs.add(token.lemma);
    if (token.pos !== "NOUN") return;
    nouns.add(token.lemma);
    if (!surfaces.has(token.lemma)) surfaces.set(token.lemma, token.surface);
    const next = tokens[i + 1];
    if (next && next.pos === "NOUN" && isAspectWord(next, excluded)) {
      const compound = `${token.lemma} ${next.lemma}`;
      nouns.add(compound);
      if (!surfaces.has(compound)) surfaces.set(compound, `${token.surface} ${next.surface}`);
    }
  });
  return { nouns: [...nouns], verbs: [...verbs], surfaces };
}

/** Lowercased words of the title's name (and their simple plurals): a review naming its game says nothing by it. */
export function nameWords(name: string): Set<string> {
  const words = name.toLowerCase().split(/[^a-z0-9]+/).filter((word) => word.length >= 2);
  return new Set(words.flatMap((word) => [word, `${word}s`]));
}
