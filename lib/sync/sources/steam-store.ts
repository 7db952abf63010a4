import { z } from "zod";
import { getJson, SourceFailure } from "./fetch-json";

/**
 * store.steampowered.com, as public projects document it (docs/sync.md "Sources"): `appdetails` for one app a
 * call, or for several with `filters=price_overview` only (prices in batches); `appreviews` for review totals.
 * No key; the host allows about 200 requests per 5 minutes per address.
 */
export interface StoreClientOptions {
  baseUrl: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** The appdetails `data` object: the fields the sync reads, the rest kept as sent. */
export type StoreAppData = Record<string, unknown> & { name?: unknown };

export type AppDetailsAnswer = { found: true; data: StoreAppData } | { found: false };

export interface PriceOverview {
  currency: string;
  initial: number;
  final: number;
  discountPercent: number;
}

/** `none`: the app is on the store without a price (free, or not for sale yet): the answer's `data` is `[]`. */
export type PriceAnswer = { kind: "priced"; price: PriceOverview } | { kind: "none" } | { kind: "unavailable" };

export interface ReviewTotals {
  positive: number;
  negative: number;
  total: number;
  score: number | null;
  description: string | null;
}

/** Steam's cap is undocumented; public clients use 100 ids a call, and 200 were seen to work. */
export const PRICE_BATCH_SIZE = 100;

const count = z.number().int().nonnegative();
const entrySchema = z.object({ success: z.boolean(), data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional() });
const priceSchema = z.object({ currency: z.string(), initial: count, final: count, discount_percent: count });
const reviewsSchema = z.object({
  success: z.number(),
  query_summary: z
    .object({
      total_positive: count.optional(),
      total_negative: count.optional(),
      total_reviews: count.optional(),
      review_score: z.number().int().optional(),
      review_score_desc: z.string().optional(),
    })
    .optional(),
});

export function storeClient(options: StoreClientOptions) {
  const get = (path: string) => getJson(`${options.baseUrl}${path}`, { timeoutMs: options.timeoutMs, signal: options.signal });
  return {
    async appDetails(appId: number): Promise<AppDetailsAnswer> {
      const { body } = await get(`/api/appdetails?appids=${appId}&cc=us&l=english`);
      const entry = entryOf(body, appId);
      if (!entry.success) return { found: false };
      if (!entry.data || Array.isArray(entry.data) || typeof entry.data.name !== "string") throw invalid(`appdetails ${appId}: success without a data object`);
      return { found: true, data: entry.data as StoreAppData };
    },

    async prices(appIds: number[]): Promise<Map<number, PriceAnswer>> {
      if (appIds.length > PRICE_BATCH_SIZE) throw new Error(`at most ${PRICE_BATCH_SIZE} apps a price call`);
      const { body } = await get(`/api/appdetails?appids=${appIds.join(",")}&cc=us&filters=price_overview`);
      const answers = new Map<number, PriceAnswer>();
      for (const appId of appIds) answers.set(appId, priceOf(entryOf(body, appId), appId));
      return answers;
    },

    async reviewTotals(appId: number): Promise<ReviewTotals> {
      const { body } = await get(`/appreviews/${appId}?json=1&num_per_page=0&filter=all&language=all&review_type=all&purchase_type=all&cursor=*`);
      const parsed = reviewsSchema.safeParse(body);
      if (!parsed.success) throw invalid(`appreviews ${appId}: not a review summary`);
      const summary = parsed.data.query_summary;
      if (parsed.data.success !== 1 || !summary || summary.total_positive === undefined || summary.total_negative === undefined) {
        throw invalid(`appreviews ${appId}: success ${parsed.data.success} without totals`);
      }
      const { total_positive: positive, total_negative: negative } = summary;
      return { positive, negative, total: positive + negative, score: summary.review_score ?? null, description: summary.review_score_desc ?? null };
    },
  };
}

export type StoreClient = ReturnType<typeof storeClient>;

function entryOf(body: unknown, appId: number): z.infer<typeof entrySchema> {
  // too many ids, or ids without the price filter: Steam answers `null`
  if (body === null || typeof body !== "object") throw invalid(`appdetails: answered ${JSON.stringify(body)?.slice(0, 40)}`);
  const parsed = entrySchema.safeParse((body as Record<string, unknown>)[String(appId)]);
  if (!parsed.success) throw invalid(`appdetails: no entry for app ${appId}`);
  return parsed.data;
}

function priceOf(entry: z.infer<typeof entrySchema>, appId: number): PriceAnswer {
  if (!entry.success) return { kind: "unavailable" };
  if (!entry.data || Array.isArray(entry.data) || entry.data.price_overview === undefined) return { kind: "none" };
  const price = priceSchema.safeParse(entry.data.price_overview);
  if (!price.success) throw invalid(`appdetails ${appId}: price_overview is malformed`);
  const { currency, initial, final, discount_percent } = price.data;
  return { kind: "priced", price: { currency, initial, final, discountPercent: discount_percent } };
}

/** A whole answer whose shape is wrong: retrying the same request would get the same. */
function invalid(message: string): SourceFailure {
  return new SourceFailure("rejected", message);
}
