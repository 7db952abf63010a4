import { z } from "zod";
import { defineOperation } from "../api/operation";
import { marketingAnalysis } from "../market/marketing/marketing-analysis";
import { marketingAnalysisSchema } from "../market/marketing/marketing-schema";
import { appIdParams } from "./app-id-param";
import { withFreshness } from "./with-freshness";

export const getMarketingAnalysis = withFreshness(defineOperation({
  id: "getMarketingAnalysis",
  method: "GET",
  path: "/games/{appId}/marketing/analysis",
  summary: "Marketing analysis of one game",
  description:
    "Where one game stands in its market, each figure with its basis, denominator and coverage. The cohort is the games sharing its rank-1 tag released the same year (`sameYear`), with the same tag over all years (`allYears`) as the wider reference; cohorts under 20 games are flagged `small`. " +
    "Price positioning: the mid-rank percentile of its list price among the cohort's list prices in the same currency, quartiles, free and on-sale shares, its own discount. " +
    "Launch timing: its release month against the cohort's releases by month. " +
    "Tag competitiveness: per tag it carries, how many games carry it, their median reviews and the share of hits (1,000+ reviews) among those with reviews collected. " +
    "Platform reach: its platforms and the cohort's share on each. " +
    "Review trajectory: the observed review series across snapshots (as `/history`). Peers: the 5 nearest games by weighted tag overlap (as `/similar`). " +
    "Estimates: sales and revenue by the review model with an 80% interval, kept apart from the observed figures (locked in the anonymous preview). " +
    "Limits: tags and release dates are known for about 17,500 of the catalog's games, so cohorts draw on those; a figure that cannot be computed is `null` with a `reason`, never 0.",
  group: "Analysis",
  costClass: "per-title",
  scope: "market:read",
  anonymous: "preview",
  previewLocks: ["estimates"],
  query: z.object({}),
  params: appIdParams,
  data: marketingAnalysisSchema,
  paginated: false,
  example: { params: { appId: "289070" } },
  async handler({ params }) {
    const data = await marketingAnalysis(params.appId);
    const warnings = [];
    if (data.cohort.reason) warnings.push({ code: "NO_COHORT", message: `No cohort comparisons: ${data.cohort.reason}.` });
    else if (data.pricePositioning.sameYear?.small || data.launchTiming.sameYear?.small) {
      warnings.push({
        code: "SMALL_COHORT",
        message: `The ${data.cohort.releaseYear} '${data.cohort.primaryTag?.slug}' cohort holds fewer than 20 games; compare with the all-years figures.`,
      });
    }
    return { data, warnings };
  },
}));
