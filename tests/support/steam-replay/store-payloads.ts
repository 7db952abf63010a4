import { steamReviewLabel } from "@/lib/market/review-label";
import type { AppView, Price } from "./app-state";
import type { Catalog } from "./catalog";

/** Steam's genre ids (as the store's appdetails writes them, strings), for genres named by Store 2019. */
const GENRE_IDS: Record<string, string> = {
  Action: "1", Strategy: "2", RPG: "3", Casual: "4", Racing: "9", Sports: "18", Indie: "23", Adventure: "25",
  Simulation: "28", "Massively Multiplayer": "29", "Free to Play": "37", Accounting: "50",
  "Animation & Modeling": "51", "Audio Production": "52", "Design & Illustration": "53", Education: "54",
  "Photo Editing": "55", "Software Training": "56", Utilities: "57", "Video Production": "58",
  "Web Publishing": "59", "Game Development": "60", "Early Access": "70", "Sexual Content": "71",
  Nudity: "72", Violent: "73", Gore: "74",
};

/** The store's price block in US dollars; without a discount Steam leaves `initial_formatted` empty. */
export function priceOverview(price: Price) {
  return {
    currency: "USD",
    initial: price.initial,
    final: price.final,
    discount_percent: price.discount,
    initial_formatted: price.discount > 0 ? dollars(price.initial) : "",
    final_formatted: dollars(price.final),
  };
}

export function isFree(price: Price | null): boolean {
  return price !== null && price.final === 0 && price.initial === 0;
}

/** A price block only for a priced app: a free or unpriced app has none (and `filters` answers `[]`). */
export function sellingPrice(view: AppView) {
  return view.price && !isFree(view.price) ? priceOverview(view.price) : undefined;
}

/**
 * appdetails' `data`: the recorded payload where there is one, with the replay's current name, release
 * date and US price over it (the recordings were made in several regions: EUR, CHF, IDR); otherwise
 * built in the same shape from the app's real fields.
 */
export function appDetailsData(view: AppView, catalog: Catalog): Record<string, unknown> {
  const recorded = catalog.recorded.get(view.appId);
  if (recorded) return recordedData(recorded, view);
  const extras = catalog.extras.get(view.appId);
  const data: Record<string, unknown> = {
    type: "game",
    name: view.name,
    steam_appid: view.appId,
    required_age: extras?.requiredAge ?? 0,
    is_free: isFree(view.price),
    developers: view.developers,
    publishers: view.publishers,
    price_overview: sellingPrice(view),
    platforms: extras?.platforms,
    genres: extras?.genres?.filter((name) => GENRE_IDS[name]).map((name) => ({ id: GENRE_IDS[name], description: name })),
    release_date: { coming_soon: false, date: view.releaseText ?? "" },
  };
  return dropUndefined(data);
}

function recordedData(recorded: Record<string, any>, view: AppView): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const price = sellingPrice(view);
  for (const [key, value] of Object.entries(recorded)) {
    if (key === "price_overview") continue;
    data[key] = value;
    // keep Steam's key order: the price block follows the publishers
    if (key === "publishers") data.price_overview = price;
  }
  data.name = view.name;
  data.is_free = isFree(view.price);
  data.release_date = { ...recorded.release_date, date: view.releaseText ?? "" };
  return dropUndefined(data);
}

/** appreviews' summary; `undercount` is the real default purchase_type (steam only), which misses keys. */
export function querySummary(view: AppView, undercount: boolean) {
  let { positive, negative, score, label } = view.reviews;
  if (undercount) {
    positive = Math.floor(positive * 0.9);
    negative = Math.floor(negative * 0.9);
    ({ score, label } = steamReviewLabel(positive, negative));
  }
  return {
    num_reviews: 0,
    review_score: score,
    review_score_desc: label,
    total_positive: positive,
    total_negative: negative,
    total_reviews: positive + negative,
  };
}

function dollars(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString("en-US");
  return `$${whole}.${String(cents % 100).padStart(2, "0")}`;
}

function dropUndefined(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
