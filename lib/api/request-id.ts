import { randomFillSync } from "node:crypto";

const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const RANDOM_CHARACTERS = 12;

// Random bytes drawn a few kilobytes at a time: one system call (and one pass through Next's patched
// node:crypto, which checks its work-unit store on each call) every 341 ids instead of one per request.
const pool = Buffer.alloc(4092);
let poolOffset = pool.length;

function randomCharacters(): string {
  if (poolOffset + RANDOM_CHARACTERS > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let text = "";
  for (let i = 0; i < RANDOM_CHARACTERS; i++) text += ALPHABET[pool[poolOffset + i] % 32];
  poolOffset += RANDOM_CHARACTERS;
  return text;
}

/** `req_` + 10 time characters (sortable) + 12 random ones, Crockford base32. */
export function newRequestId(now = Date.now()): string {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return `req_${time}${randomCharacters()}`;
}

export const REQUEST_ID_PATTERN = /^req_[0-9a-z]{22}$/;
