import { createHash, randomBytes } from "node:crypto";

/**
 * Token secrets: `<prefix><30 base62 random chars><6 base62 CRC32 chars>`, as GitHub's tokens are
 * built. 30 base62 characters carry ~178 random bits; the checksum lets us reject a mistyped or
 * truncated token without touching the database, and lets secret scanners recognise a real one.
 */
export const TOKEN_TYPES = ["api", "cli", "mcp"] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

export const TOKEN_PREFIXES: Record<TokenType, string> = { api: "ldx_", cli: "ldxc_", mcp: "ldxm_" };

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = /^(ldx_|ldxc_|ldxm_)([0-9A-Za-z]{30})([0-9A-Za-z]{6})$/;

export interface NewToken {
  secret: string;
  hash: string;
  /** shown in listings: the type prefix and the first characters */
  displayPrefix: string;
  last4: string;
}

export function generateToken(type: TokenType): NewToken {
  const body = randomBase62(RANDOM_LENGTH);
  const secret = `${TOKEN_PREFIXES[type]}${body}${checksum(body)}`;
  return {
    secret,
    hash: hashToken(secret),
    displayPrefix: secret.slice(0, TOKEN_PREFIXES[type].length + 4),
    last4: secret.slice(-4),
  };
}

/** The token's type when its form and checksum are right; null otherwise (no database read needed). */
export function parseToken(secret: string): TokenType | null {
  const match = TOKEN_PATTERN.exec(secret);
  if (!match || checksum(match[2]) !== match[3]) return null;
  return (Object.keys(TOKEN_PREFIXES) as TokenType[]).find((type) => TOKEN_PREFIXES[type] === match[1]) ?? null;
}

/** SHA-256 suits high-entropy secrets: no salt or slow hash is needed to resist guessing. */
export function hashToken(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

function randomBase62(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 * 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

function checksum(body: string): string {
  let value = crc32(Buffer.from(body));
  let out = "";
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
