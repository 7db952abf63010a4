// Sales and revenue estimates by the review model (docs/estimates.md).
export { estimateGame, multiplierOf, type EstimateSubject } from "./estimate-game";
export { estimateGameAsOf, releaseOf, reviewsOn, type ReviewObservation } from "./estimate-as-of";
export { estimateSql } from "./estimate-sql";
export { estimatesSchema, type Estimate, type Estimates } from "./estimate-schema";
export { METHOD_ID } from "./method-constants";
