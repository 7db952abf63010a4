const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Scraped store text keeps Steam's HTML escapes ("Point &amp; Click"), some escaped twice (SteamSpy's
 * "L&amp;amp;L Technology"); stored text is plain, so decoding repeats until nothing changes.
 */
export function decodeEntities(text: string): string {
  let decoded = text;
  for (let pass = 0; pass < 3; pass++) {
    const next = decodeOnce(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

function decodeOnce(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] !== "#") return ENTITIES[code.toLowerCase()] ?? whole;
    const point = code[1].toLowerCase() === "x" ? parseInt(code.slice(2), 16) : Number(code.slice(1));
    return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
  });
}

/** Store text as stored: entities decoded, whitespace collapsed and trimmed; empty becomes null. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = decodeEntities(value).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}
