import { randomBytes } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** `req_` + 10 time characters (sortable) + 12 random ones, Crockford base32. */
export function newRequestId(now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = Array.from(randomBytes(12), (b) => ALPHABET[b % 32]).join("");
  return `req_${time}${random}`;
}

export const REQUEST_ID_PATTERN = /^req_[0-9a-z]{22}$/;
