import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** Public identifiers: a type prefix and 16 random base32 characters (80 bits), e.g. `ws_3k9...`. */
export function newId(prefix: "ws" | "key" | "gr" | "mcpc" | "usr" | "ses" | "acct" | "inv" | "mail" | "dev"): string {
  return `${prefix}_${Array.from(randomBytes(16), (b) => ALPHABET[b % 32]).join("")}`;
}
