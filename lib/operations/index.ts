import type { Operation } from "../api/operation";
import { aggregateGamesOperation } from "./aggregate-games";
import { cohortBenchmarkOperation } from "./cohort-benchmark";
import { compareTitlesOperation } from "./compare-titles";
import { countGamesOperation } from "./count-games";
import { getGame } from "./get-game";
import { getStatus } from "./get-status";
import { listGames } from "./list-games";
import { listTags } from "./list-tags";
import { listUsage } from "./list-usage";

/** Every operation of the v1 API, in documentation order. The OpenAPI document is generated from this list. */
export const OPERATIONS: Operation[] = [listTags, listGames, countGamesOperation, aggregateGamesOperation, cohortBenchmarkOperation, compareTitlesOperation, getGame, getStatus, listUsage] as unknown as Operation[];
