import { count, splitNames } from "@/lib/market/ingest/read-steamspy";
import { cleanText } from "@/lib/market/ingest/text";
import { steamReviewLabel } from "@/lib/market/review-label";
import type { Catalog } from "./catalog";
import type { AppPatch } from "./types";

export interface Price {
  /** US cents */
  initial: number;
  final: number;
  discount: number;
}

/** One app as every host sees it right now: the real data with the test's changes over it. */
export interface AppView {
  appId: number;
  name: string;
  developers: string[];
  publishers: string[];
  /** null: SteamSpy knows no price (not sold yet); final and initial 0: free */
  price: Price | null;
  reviews: { positive: number; negative: number; score: number; label: string };
  players: number;
  lastModified: number;
  priceChangeNumber: number;
  releaseText: string | undefined;
  /** SteamSpy appdetails tags set by update(); undefined: built from the real tag lists */
  tags: Record<string, number> | undefined;
  unavailable: boolean;
}

const BASE_MODIFIED = 1735689600; // 2025-01-01, the SteamSpy snapshot's day

/** Per replay: which apps are served, which are unavailable, and what update() changed. */
export class ReplayState {
  private readonly only: Set<number> | null;
  private readonly unavailable = new Set<number>();
  private readonly patches = new Map<number, AppPatch>();
  private nextPriceChange: number;
  /** served appids ascending (the app list's order) */
  readonly ascending: number[];
  /** served appids in SteamSpy's order */
  readonly order: number[];
  /** whether `apps` narrowed the catalog */
  readonly subset: boolean;

  constructor(
    readonly catalog: Catalog,
    apps: number[] | undefined,
    private readonly clock: () => number,
  ) {
    this.only = apps ? new Set(apps) : null;
    this.subset = this.only !== null;
    this.ascending = this.only ? catalog.ascending.filter((id) => this.only!.has(id)) : catalog.ascending;
    this.order = this.only ? catalog.order.filter((id) => this.only!.has(id)) : catalog.order;
    this.nextPriceChange = (catalog.ascending.at(-1) ?? 0) * 7 + 1;
  }

  served(appId: number): boolean {
    return this.catalog.spy.has(appId) && (this.only === null || this.only.has(appId));
  }

  /** Whether update() touched the app: its SteamSpy page can no longer be served from the file. */
  patched(appId: number): boolean {
    return this.patches.has(appId);
  }

  get anyPatched(): boolean {
    return this.patches.size > 0;
  }

  patchOf(appId: number): AppPatch | undefined {
    return this.patches.get(appId);
  }

  setUnavailable(appId: number, unavailable: boolean): void {
    if (!this.served(appId)) this.requireServed(appId);
    if (unavailable) this.unavailable.add(appId);
    else this.unavailable.delete(appId);
  }

  update(appId: number, patch: AppPatch): void {
    const before = this.view(appId) ?? this.requireServed(appId);
    const merged: AppPatch = { ...this.patches.get(appId), ...patch };
    const renamed = patch.name !== undefined && patch.name !== before.name;
    const redated = patch.releaseDate !== undefined && patch.releaseDate !== before.releaseText;
    if (patch.lastModified === undefined && (renamed || redated)) {
      // a real change is stamped with the time it happened, so an engine asking "modified since my last run" sees it
      merged.lastModified = Math.max(before.lastModified + 1, Math.floor(this.clock() / 1000));
    }
    if (patch.priceChangeNumber === undefined && patch.price && !samePrice(patch.price, before.price)) {
      merged.priceChangeNumber = this.nextPriceChange++;
    } else if (patch.priceChangeNumber !== undefined) {
      this.nextPriceChange = Math.max(this.nextPriceChange, patch.priceChangeNumber + 1);
    }
    this.patches.set(appId, merged);
  }

  /** The app now; undefined when it is not served at all (unknown to every host). */
  view(appId: number): AppView | undefined {
    const listing = this.listing(appId);
    if (!listing) return undefined;
    const spy = this.catalog.spy.get(appId)!;
    const recorded = this.catalog.recorded.get(appId);
    const patch = this.patches.get(appId) ?? {};
    return {
      ...listing,
      developers: recorded?.developers ?? splitNames(spy.developer),
      publishers: recorded?.publishers ?? splitNames(spy.publisher),
      price: patch.price ?? spyPrice(spy),
      reviews: this.reviews(appId, patch.reviews),
      players: patch.players ?? count(spy.ccu) ?? 0,
      releaseText: patch.releaseDate ?? recorded?.release_date?.date ?? this.catalog.extras.get(appId)?.releaseText,
      tags: patch.tags,
    };
  }

  /** The little the app list needs, cheap enough to read for every app on each call. */
  listing(appId: number): Pick<AppView, "appId" | "name" | "lastModified" | "priceChangeNumber" | "unavailable"> | undefined {
    if (!this.served(appId)) return undefined;
    const patch = this.patches.get(appId);
    return {
      appId,
      name: patch?.name ?? this.realName(appId),
      lastModified: patch?.lastModified ?? BASE_MODIFIED + (appId % 86400),
      priceChangeNumber: patch?.priceChangeNumber ?? appId * 7,
      unavailable: this.unavailable.has(appId),
    };
  }

  private realName(appId: number): string {
    const recorded = this.catalog.recorded.get(appId)?.name;
    // SteamSpy serves a few apps with an empty name; the store CSVs may know it
    return recorded ?? cleanText(this.catalog.spy.get(appId)!.name) ?? this.catalog.extras.get(appId)?.name ?? "";
  }

  private reviews(appId: number, patched: AppPatch["reviews"]): AppView["reviews"] {
    const real = this.catalog.reviewStats.get(appId);
    if (!patched && real?.steamLabel !== undefined && real.steamScore !== undefined) {
      return { positive: real.positive, negative: real.negative, score: real.steamScore, label: real.steamLabel };
    }
    const spy = this.catalog.spy.get(appId)!;
    const positive = patched?.positive ?? real?.positive ?? count(spy.positive) ?? 0;
    const negative = patched?.negative ?? real?.negative ?? count(spy.negative) ?? 0;
    const { score, label } = steamReviewLabel(positive, negative);
    return { positive, negative, score, label };
  }

  private requireServed(appId: number): never {
    throw new Error(`steam replay: app ${appId} is not in the replayed catalog`);
  }
}

function spyPrice(record: Record<string, unknown>): Price | null {
  const final = count(record.price);
  if (final == null) return null;
  const initial = count(record.initialprice) ?? final;
  return { initial, final, discount: count(record.discount) ?? 0 };
}

function samePrice(a: Price, b: Price | null): boolean {
  return b !== null && a.initial === b.initial && a.final === b.final && a.discount === b.discount;
}
