import winkNLP, { type ItemSentence } from "wink-nlp";
import model from "wink-eng-lite-web-model";

/** Words of one sentence as the analyser reads them: lowercased lemma, part of speech, surface form. */
export interface ReadToken {
  lemma: string;
  pos: string;
  surface: string;
  stop: boolean;
  word: boolean;
}

export interface ReadSentence {
  text: string;
  /** wink-nlp sentence sentiment, -1 (negative) to 1 (positive) */
  sentiment: number;
  tokens: ReadToken[];
}

export interface ReadReview {
  /** wink-nlp document sentiment, -1 to 1 */
  sentiment: number;
  sentences: ReadSentence[];
}

/** Reviews past this length are read up to it: the rare essays would otherwise dominate the work. */
export const MAX_ANALYSED_CHARS = 5_000;

let nlp: ReturnType<typeof winkNLP> | undefined;

// The model ships inside the npm package (no download); loading it takes a moment, so once per process.
function analyser() {
  nlp ??= winkNLP(model);
  return nlp;
}

/** Tokenises, tags, lemmatises and scores one review text with wink-nlp's English model. */
export function readReviewText(text: string): ReadReview {
  const engine = analyser();
  const its = engine.its;
  const doc = engine.readDoc(text.slice(0, MAX_ANALYSED_CHARS));
  const sentences: ReadSentence[] = [];
  doc.sentences().each((sentence: ItemSentence) => {
    const tokens = sentence.tokens();
    const surfaces = tokens.out() as string[];
    const lemmas = tokens.out(its.lemma as never) as (string | undefined)[]; // wink-nlp 2.4.0 types its.lemma too narrowly
    const pos = tokens.out(its.pos) as string[];
    const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
    const types = tokens.out(its.type) as string[];
    const read: ReadToken[] = surfaces.map((surface, i) => ({
      // The model has no lemma for a few contracted forms ("cant", "cannot"): the word stands for itself.
      lemma: (lemmas[i] ?? surface).toLowerCase(),
      pos: pos[i],
      surface: surface.toLowerCase(),
      stop: stops[i],
      word: types[i] === "word",
    }));
    sentences.push({ text: sentence.out(), sentiment: sentence.out(its.sentiment) as unknown as number, tokens: read });
  });
  return { sentiment: doc.out(its.sentiment) as unknown as number, sentences };
}
