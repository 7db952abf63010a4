import { fromAddress } from "@/tests/support/from-address";
import type { SteamReplay } from "@/tests/support/steam-replay";

/**
 * What the replayed hosts say about an app right now, asked directly (as a person checking the sync would ask
 * Steam): the values a sync must have stored. Asked from another client address than the sync's, so that
 * these requests never count in the sync's windows; they are logged, under TRUTH_ADDRESS.
 */
export const TRUTH_ADDRESS = "127.0.0.42";

export interface AppTruth {
  appId: number;
  name: string;
  releaseText: string | null;
  /** US cents: price_overview.final, 0 for a free app, null when the store shows no price */
  priceCents: number | null;
  reviews: { positive: number; negative: number; label: string };
  /** null: result 42 */
  players: number | null;
  owners: { low: number; high: number } | null;
  /** SteamSpy's tag names, most voted first */
  tags: string[];
}

const REVIEWS_QUERY = "json=1&num_per_page=0&filter=all&language=all&review_type=all&purchase_type=all&cursor=*";

export async function appTruth(replay: SteamReplay, appId: number): Promise<AppTruth> {
  const details = (await getJson(`${replay.storeUrl}/api/appdetails?appids=${appId}&cc=us&l=english`))[appId].data;
  const summary = (await getJson(`${replay.storeUrl}/appreviews/${appId}?${REVIEWS_QUERY}`)).query_summary;
  const players = (await getJson(`${replay.apiUrl}/ISteamUserStats/GetNumberOfCurrentPlayers/v1/?appid=${appId}`)).response;
  const spy = await getJson(`${replay.steamspyUrl}/api.php?request=appdetails&appid=${appId}`);
  const votes = Array.isArray(spy.tags) ? {} : (spy.tags as Record<string, number>);
  return {
    appId,
    name: details.name,
    releaseText: details.release_date?.date || null,
    priceCents: details.price_overview?.final ?? (details.is_free ? 0 : null),
    reviews: { positive: summary.total_positive, negative: summary.total_negative, label: summary.review_score_desc },
    players: players.result === 1 ? players.player_count : null,
    owners: ownersRange(spy.owners),
    tags: Object.entries(votes)
      .sort(([, a], [, b]) => b - a)
      .map(([name]) => name),
  };
}

async function getJson(url: string) {
  const response = await fromAddress(url, TRUTH_ADDRESS);
  if (response.status !== 200 && response.status !== 404) throw new Error(`${url}: ${response.status}`);
  return response.body;
}

/** SteamSpy's "1,000,000 .. 2,000,000". */
function ownersRange(text: unknown): { low: number; high: number } | null {
  const match = typeof text === "string" ? /^([\d,]+) \.\. ([\d,]+)$/.exec(text.trim()) : null;
  return match ? { low: Number(match[1].replace(/,/g, "")), high: Number(match[2].replace(/,/g, "")) } : null;
}
