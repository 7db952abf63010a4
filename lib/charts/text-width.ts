import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The font committed to the repo: resvg draws with it, so widths are measured from it too. */
export const FONT_FILE = join(process.cwd(), "lib/charts/fonts/DejaVuSans.ttf");

/** Bold text (Vega's titles) is about this much wider than regular in DejaVu Sans; only regular is committed. */
const BOLD_FACTOR = 1.1;

let advances: { perChar: Map<number, number>; fallback: number } | null = null;

/**
 * Each character's advance width in em, read from the TTF's cmap (format 4) and hmtx tables. Vega without a
 * canvas guesses 0.8 em per character, which makes a long caption twice its width and the whole chart
 * shrink to fit: measuring with the real font keeps text where resvg will draw it.
 */
function fontAdvances() {
  if (advances) return advances;
  const font = readFileSync(FONT_FILE);
  const tables = new Map<string, number>();
  for (let i = 0, count = font.readUInt16BE(4); i < count; i++) {
    const record = 12 + i * 16;
    tables.set(font.toString("latin1", record, record + 4), font.readUInt32BE(record + 8));
  }
  const head = tables.get("head")!;
  const hhea = tables.get("hhea")!;
  const hmtx = tables.get("hmtx")!;
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longMetrics = font.readUInt16BE(hhea + 34);
  const advanceOf = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, longMetrics - 1)) / unitsPerEm;
  const perChar = new Map<number, number>();
  const cmap = tables.get("cmap")!;
  for (let i = 0, count = font.readUInt16BE(cmap + 2); i < count; i++) {
    const platform = font.readUInt16BE(cmap + 4 + i * 8);
    const encoding = font.readUInt16BE(cmap + 6 + i * 8);
    const sub = cmap + font.readUInt32BE(cmap + 8 + i * 8);
    if (platform !== 3 || encoding !== 1 || font.readUInt16BE(sub) !== 4) continue;
    const segments = font.readUInt16BE(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const offsets = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      const end = font.readUInt16BE(ends + s * 2);
      const start = font.readUInt16BE(starts + s * 2);
      const delta = font.readInt16BE(deltas + s * 2);
      const offset = font.readUInt16BE(offsets + s * 2);
      for (let code = start; code <= end && code !== 0xffff; code++) {
        const glyph = offset === 0 ? (code + delta) & 0xffff : font.readUInt16BE(offsets + s * 2 + offset + (code - start) * 2);
        if (glyph) perChar.set(code, advanceOf(offset === 0 ? glyph : (glyph + delta) & 0xffff));
      }
    }
  }
  advances = { perChar, fallback: advanceOf(0) };
  return advances;
}

/** The width in pixels of one line of text at a font size, in the committed font. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  const { perChar, fallback } = fontAdvances();
  let ems = 0;
  for (const char of text) ems += perChar.get(char.codePointAt(0)!) ?? fallback;
  return ems * fontSize * (bold ? BOLD_FACTOR : 1);
}

/**
 * Text broken into lines no wider than `width`: at spaces, and after & , / in a URL-like run with none;
 * a run still too long is cut where it overflows. A caption is wrapped, never clipped.
 */
export function wrapText(text: string, width: number, fontSize: number, bold = false): string[] {
  const pieces = text.split(/(?<=\s)|(?<=[&,/?])(?=\S)/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const piece of pieces.flatMap((p) => splitLong(p, width, fontSize, bold))) {
    if (line && textWidth((line + piece).trimEnd(), fontSize, bold) > width) {
      lines.push(line.trimEnd());
      line = piece.trimStart();
    } else line += piece;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines.length ? lines : [""];
}

function splitLong(piece: string, width: number, fontSize: number, bold: boolean): string[] {
  if (textWidth(piece.trimEnd(), fontSize, bold) <= width) return [piece];
  const parts: string[] = [];
  let part = "";
  for (const char of piece) {
    if (part && textWidth(part + char, fontSize, bold) > width) {
      parts.push(part);
      part = "";
    }
    part += char;
  }
  return part ? [...parts, part] : parts;
}
