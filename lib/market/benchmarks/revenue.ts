/**
 * Revenue is an estimate that comes from the team's estimates module (lib/market/estimates/), which is not
 * merged yet. Until it is, revenue figures are `null` with this reason: no figure is invented here.
 */
export const REVENUE_PENDING =
  "Revenue estimates are not available yet: the estimates module (lib/market/estimates/) is not merged into this build. No figure is given rather than an unvalidated one.";
