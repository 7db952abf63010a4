/**
 * A per-process cache of token reads, keyed by the token's hash. An entry is used only while every one of
 * these holds, so what it says cannot outlive the truth by more than a bounded time:
 * - not past its own `validUntil`: the earliest of read time + TOKEN_CACHE_TTL_MS, the token's expiry, its
 *   browser session's expiry, and the next start or end of one of the workspace's grants (time-driven
 *   changes take effect exactly on time);
 * - the access epoch it was read under still holds: every charge and counter read of a token call checks
 *   it in the same statement (lib/metering/credits.ts), and database triggers move it in the same
 *   transaction as any revocation, session end, plan, allowance or grant change (migration 0005). A call
 *   whose epoch moved is not charged; its token is read again and the call decided on fresh data. So the
 *   admin command's revocation takes effect on every server at its next call, not after the TTL.
 * Only accepted tokens are cached; unknown, revoked or expired ones are read every time.
 */
export const TOKEN_CACHE_TTL_MS = Number(process.env.LUDEX_TOKEN_CACHE_TTL_MS ?? 30_000);
const MAX_ENTRIES = 10_000;

export interface CacheEntry<T> {
  value: T;
  validUntil: number;
}

export class TokenCache<T> {
  private readonly entries = new Map<string, CacheEntry<T>>();

  get(hash: string, now = Date.now()): T | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (now < entry.validUntil) return entry.value;
    this.entries.delete(hash);
    return undefined;
  }

  set(hash: string, value: T, validUntil: number) {
    if (TOKEN_CACHE_TTL_MS <= 0) return;
    // Oldest first: a Map iterates in insertion order.
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.delete(hash);
    this.entries.set(hash, { value, validUntil });
  }

  delete(hash: string) {
    this.entries.delete(hash);
  }
}
