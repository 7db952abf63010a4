/**
 * The question kinds the built-in analyst understands, read from plain English with patterns (no model).
 * Each names what to resolve first (a tag phrase to a slug, titles to app ids) and the one operation that
 * answers it.
 */
export type Question =
  | { kind: "count"; tag: string; year: number }
  | { kind: "median"; tag: string; metric: "price" | "reviews" }
  | { kind: "top"; tag: string; n: number; since: number | null }
  | { kind: "compare"; titles: string[] }
  | { kind: "complaints"; titles: [string] }
  | { kind: "similar"; titles: [string] }
  | { kind: "history"; titles: [string] }
  | { kind: "hitRate"; tag: string; since: number | null };

const clean = (text: string) => text.trim().replace(/^(the|a|an)\s+/i, "").replace(/[?.!"“”]+$/g, "").replace(/\s+(games?|titles?)$/i, "").trim();

export function readQuestion(raw: string): Question | null {
  const text = raw.trim().replace(/\s+/g, " ");
  let m: RegExpExecArray | null;
  if ((m = /how many (.+?) games? (?:were |was |got |have been )?released in (\d{4})/i.exec(text))) return { kind: "count", tag: clean(m[1]), year: Number(m[2]) };
  if ((m = /median (price|reviews?|review count) (?:of|for|among) (.+?)(?: games?)?\s*\??$/i.exec(text))) {
    return { kind: "median", tag: clean(m[2]), metric: m[1].toLowerCase().startsWith("price") ? "price" : "reviews" };
  }
  if ((m = /top (\d{1,2}) (.+?) games? by reviews(?: (?:since|from|released since) (\d{4}))?/i.exec(text))) {
    return { kind: "top", tag: clean(m[2]), n: Math.min(25, Number(m[1])), since: m[3] ? Number(m[3]) : null };
  }
  if ((m = /hit rate (?:of|for) (.+?)(?: games?)?(?: (?:since|from|released since) (\d{4}))?\s*\??$/i.exec(text))) {
    return { kind: "hitRate", tag: clean(m[1]), since: m[2] ? Number(m[2]) : null };
  }
  if ((m = /^compare (.+)$/i.exec(text))) {
    const titles = m[1].replace(/[?.]+$/, "").split(/\s*,\s*(?:and\s+)?|\s+and\s+|\s+(?:vs\.?|versus|with)\s+/i).map(clean).filter(Boolean);
    if (titles.length >= 2 && titles.length <= 3) return { kind: "compare", titles };
  }
  if ((m = /complain(?:ts?|s|ing)? about (?:in )?(.+?)\s*\??$/i.exec(text)) || (m = /complaints? (?:about|in|for|of) (.+?)\s*\??$/i.exec(text))) {
    return { kind: "complaints", titles: [clean(m[1])] };
  }
  if ((m = /(?:games?|titles?) (?:similar to|like) (.+?)\s*\??$/i.exec(text))) return { kind: "similar", titles: [clean(m[1])] };
  if ((m = /how (?:did|have|has|do|does) (.+?)(?:'s|’s)? reviews? (?:grow|grew|grown|change|changed|develop)/i.exec(text))) {
    return { kind: "history", titles: [clean(m[1])] };
  }
  return null;
}

export const SUPPORTED_KINDS = [
  "how many games of a tag were released in a year (“How many roguelike games were released in 2019?”)",
  "the median price or reviews of a tag’s games (“What is the median price of deckbuilding games?”)",
  "the top N games of a tag by reviews since a year (“Top 5 metroidvania games by reviews since 2018”)",
  "a comparison of two or three titles (“Compare Hades and Dead Cells”)",
  "what players complain about in a title (“What do players complain about in PUBG?”)",
  "games similar to a title (“Games similar to Stardew Valley”)",
  "how a title’s reviews grew over time (“How did Terraria's reviews grow?”)",
  "a cohort’s hit rate (“What is the hit rate of roguelike games since 2015?”)",
];
