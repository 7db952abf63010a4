import { notFound } from "../../api/api-error";
import { getPrisma } from "../../db/prisma-client";
import { estimateGame } from "../estimates";
import { GAME_SUMMARY_COLUMNS, toGameSummary, type GameRow } from "../game-row";
import type { GameSummary } from "../game-schema";
import { releaseMonthOf } from "../release-month";
import { gameHistory } from "../history/game-history";
import { similarGames } from "../similar-games";
import type { Cohort } from "./cohort";
import { launchTiming } from "./launch-timing";
import { platformReach } from "./platform-reach";
import { pricePositioning } from "./price-positioning";
import { HIT_REVIEWS, tagCompetitiveness } from "./tag-competitiveness";

export const PEERS = 5;

/** The per-title marketing synthesis: positioning against the cohort, observed trajectory, peers, estimates. */
export async function marketingAnalysis(appId: number) {
  const rows = await getPrisma().$queryRaw<GameRow[]>`SELECT ${GAME_SUMMARY_COLUMNS} FROM games g WHERE g.app_id = ${appId}`;
  if (!rows[0]) throw notFound(`No game with appId ${appId}.`, "appId");
  const game = toGameSummary(rows[0]);
  const { cohort, reason } = cohortOf(game);
  const [price, timing, tags, platforms, history, peers] = await Promise.all([
    pricePositioning(game, cohort, reason),
    launchTiming(game, cohort, reason),
    tagCompetitiveness(game),
    platformReach(game, cohort, reason),
    gameHistory(appId),
    game.tags?.length ? similarGames(appId, { limit: PEERS, offset: 0 }) : Promise.resolve({ items: [], total: 0 }),
  ]);
  return {
    appId: game.appId,
    name: game.name,
    cohort: cohort
      ? { primaryTag: { slug: cohort.tagSlug, name: cohort.tagName }, releaseYear: cohort.year, reason: null }
      : { primaryTag: null, releaseYear: game.release.year, reason },
    reviews: game.reviews ? { ...game.reviews, basis: game.sources.reviews ?? null } : null,
    pricePositioning: price,
    launchTiming: timing,
    tagCompetitiveness: { hitThreshold: HIT_REVIEWS, tags },
    platformReach: platforms,
    reviewTrajectory: history.reviews,
    peers: peers.items,
    estimates: estimateGame({
      appId: game.appId,
      reviewsTotal: game.reviews?.total ?? null,
      releaseYear: game.release.year,
      releaseMonth: releaseMonthOf(game.release.date, game.release.precision),
      initialPriceCents: rows[0].initial_price_cents,
      priceCents: rows[0].price_cents,
      currency: rows[0].currency,
      isFree: rows[0].is_free,
      sources: { reviews: game.sources.reviews ?? null, price: game.sources.price ?? null },
    }),
  };
}

function cohortOf(game: GameSummary): { cohort: Cohort | null; reason: string | null } {
  const primary = game.tags?.find((t) => t.rank === 1);
  if (!primary) return { cohort: null, reason: "no user tags collected for this game, so it has no primary-tag cohort" };
  if (game.release.year === null) return { cohort: null, reason: "release year not collected for this game, so it has no release-year cohort" };
  return { cohort: { tagId: primary.id, tagSlug: primary.slug, tagName: primary.name, year: game.release.year }, reason: null };
}
