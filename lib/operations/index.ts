import type { Operation } from "../api/operation";
import { analyseReviewsOperation } from "./analyse-reviews";
import { aggregateGamesOperation } from "./aggregate-games";
import { cohortBenchmarkOperation } from "./cohort-benchmark";
import { compareTitlesOperation } from "./compare-titles";
import { countGamesOperation } from "./count-games";
import { getGame } from "./get-game";
import { getStatus } from "./get-status";
import { listGames } from "./list-games";
import { listTags } from "./list-tags";
import { listUsage } from "./list-usage";
import { getDeveloper } from "./get-developer";
import { getGameHistory } from "./get-game-history";
import { getMarketingAnalysis } from "./get-marketing-analysis";
import { getPublisher } from "./get-publisher";
import { listSimilarGames } from "./list-similar-games";
import { resolveGames } from "./resolve-games";

/** Every operation of the v1 API, in documentation order. The OpenAPI document is generated from this list. */
export const OPERATIONS: Operation[] = [
  listTags,
  listGames,
  countGamesOperation,
  resolveGames,
  getGame,
  getGameHistory,
  listSimilarGames,
  analyseReviewsOperation,
  getMarketingAnalysis,
  aggregateGamesOperation,
  cohortBenchmarkOperation,
  compareTitlesOperation,
  getDeveloper,
  getPublisher,
  getStatus,
  listUsage,
] as unknown as Operation[];
