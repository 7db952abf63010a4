import type { LimitName, ReplayLimits, SteamHost, WindowLimit } from "./types";

/** The hosts' published or observed limits: Steam's store ~200 per 5 minutes, the Web API 100,000 a day, SteamSpy's two. */
export const DEFAULT_LIMITS: Record<LimitName, WindowLimit> = {
  store: { requests: 200, windowSeconds: 300 },
  api: { requests: 100_000, windowSeconds: 86_400 },
  steamspy: { requests: 1, windowSeconds: 1 },
  steamspyAll: { requests: 1, windowSeconds: 60 },
};

export type Verdict = "pass" | "rate" | "blocked";

interface Track {
  arrivals: number[];
  /** end of the cool-down after the latest 429, ms; 0 when none */
  coolUntil: number;
  /** requests that arrived during the current cool-down */
  abuse: number;
}

export function resolveLimits(limits: ReplayLimits = {}): Record<LimitName, WindowLimit | null> {
  const names = Object.keys(DEFAULT_LIMITS) as LimitName[];
  return Object.fromEntries(names.map((name) => [name, limits[name] === undefined ? DEFAULT_LIMITS[name] : limits[name]])) as Record<
    LimitName,
    WindowLimit | null
  >;
}

/**
 * Per client address and bucket, a sliding window over arrival times (a 429 arrival counts too). Over
 * the limit: 429 and a cool-down of one window from the latest 429; every request inside a cool-down is
 * answered 429 and counted as continued abuse, and the `abuseBeforeBlock`-th one blocks the address on
 * the whole host (403 to everything) for `blockMs`.
 */
export class RateGate {
  private readonly tracks = new Map<string, Track>();
  private readonly blocks = new Map<string, number>();

  constructor(
    readonly limits: Record<LimitName, WindowLimit | null>,
    private readonly abuseBeforeBlock: number,
    private readonly blockMs: number,
  ) {}

  check(host: SteamHost, bucket: LimitName, address: string, now: number): Verdict {
    if (this.blocked(host, address, now)) return "blocked";
    const limit = this.limits[bucket];
    if (!limit) return "pass";
    const windowMs = limit.windowSeconds * 1000;
    const track = this.track(bucket, address);
    track.arrivals.push(now);
    while (track.arrivals.length > 0 && track.arrivals[0] <= now - windowMs) track.arrivals.shift();
    if (track.coolUntil > now) {
      track.abuse += 1;
      track.coolUntil = now + windowMs;
      if (track.abuse >= this.abuseBeforeBlock) this.block(host, address, now, track);
      return "rate";
    }
    if (track.arrivals.length > limit.requests) {
      this.startCoolDown(track, now, windowMs);
      return "rate";
    }
    return "pass";
  }

  /** A scripted 429 has the consequences of a real one. */
  coolDown(bucket: LimitName, address: string, now: number): void {
    const limit = this.limits[bucket];
    if (limit) this.startCoolDown(this.track(bucket, address), now, limit.windowSeconds * 1000);
  }

  /** Whether `address` (any address when omitted) is blocked on `host` at `now`. */
  blocked(host: SteamHost, address: string | undefined, now: number): boolean {
    for (const [key, until] of this.blocks) {
      const [blockedHost, blockedAddress] = key.split("|");
      if (blockedHost === host && (address === undefined || blockedAddress === address) && until > now) return true;
    }
    return false;
  }

  clear(): void {
    this.tracks.clear();
    this.blocks.clear();
  }

  private startCoolDown(track: Track, now: number, windowMs: number) {
    track.coolUntil = now + windowMs;
    track.abuse = 0;
  }

  private block(host: SteamHost, address: string, now: number, track: Track) {
    this.blocks.set(`${host}|${address}`, now + this.blockMs);
    track.coolUntil = 0;
    track.abuse = 0;
  }

  private track(bucket: LimitName, address: string): Track {
    const key = `${bucket}|${address}`;
    let track = this.tracks.get(key);
    if (!track) this.tracks.set(key, (track = { arrivals: [], coolUntil: 0, abuse: 0 }));
    return track;
  }
}

/** The most arrivals within any `windowMs` span: what a budget of that window must never exceed. */
export function maxInWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end] - sorted[start] >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}
