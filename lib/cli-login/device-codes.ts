import { randomBytes } from "node:crypto";
import { hashToken } from "../access/token-format";

/**
 * The two codes of a device authorization (RFC 8628 section 6.1). The device code is a long random
 * secret only the CLI holds; the user code is typed or checked by a person, so it uses 20 consonants
 * (no vowels: no words, no 0/O or 1/I confusion) in two groups of four: 20^8 = 2.6e10 values, enough
 * with minutes of life and rate-limited endpoints.
 */
const USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const USER_CODE_LENGTH = 8;

export function newDeviceCode(): string {
  return randomBytes(32).toString("base64url");
}

export function newUserCode(): string {
  let code = "";
  while (code.length < USER_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 240 = 12 * 20: rejecting the rest keeps every letter equally likely.
      if (byte < 240 && code.length < USER_CODE_LENGTH) code += USER_CODE_ALPHABET[byte % 20];
    }
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, as stored: case, spaces and dashes do not matter. Null when it cannot be a code. */
export function normalizeUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, "");
  if (letters.length !== USER_CODE_LENGTH || [...letters].some((c) => !USER_CODE_ALPHABET.includes(c))) return null;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/** Both codes are high-entropy or short-lived and rate-limited: a plain SHA-256 is enough, as for tokens. */
export const hashCode = hashToken;
