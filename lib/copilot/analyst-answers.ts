import type { Question } from "./analyst-questions";
import type { ToolRecord } from "./analyst-steps";

type Context = { tag?: { slug: string; name: string }; games?: { appId: number; name: string }[] };

const num = (value: number) => value.toLocaleString("en-US");
const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
/** A figure or a plain "unknown": a value not collected is never shown as 0. */
const known = (value: unknown, format: (v: number) => string = num) => (typeof value === "number" ? format(value) : "unknown (not collected)");

/** The answer to a question from its one result: every figure below is read from `record.output`. */
export function writeAnswer(q: Question, record: ToolRecord, context: Context): string {
  const data = record.output.data;
  const tag = context.tag?.name;
  switch (q.kind) {
    case "count":
      return `${num(data.count)} games tagged ${tag} have a release date in ${q.year} (countGames, observed). Games whose release date was not collected are not in this count.`;
    case "median": {
      const stats = data.observed?.[q.metric];
      const figure = q.metric === "price" ? known(stats?.p50, usd) : known(stats?.p50);
      const what = q.metric === "price" ? "median price (USD, observed store prices)" : "median number of Steam reviews (observed)";
      return `The ${what} of games tagged ${tag} is ${figure}, over ${known(stats?.n)} games with a value out of a cohort of ${num(data.cohort.games)}; ${known(stats?.missing)} have none collected${stats?.excluded ? ` and ${num(stats.excluded)} are left out by the metric's definition` : ""} (cohortBenchmark).`;
    }
    case "hitRate": {
      const rates = data.hitRates;
      const line = (label: string, rate: { games: number; share: number | null }) => `${label}: ${num(rate.games)} games, ${rate.share === null ? "unknown" : pct(rate.share)}`;
      return [
        `Hit rate of games tagged ${tag}${q.since ? ` released since ${q.since}` : ""} (cohortBenchmark, observed review counts):`,
        `- ${line("at least 1,000 reviews", rates.atLeast1k)}`,
        `- ${line("at least 10,000 reviews", rates.atLeast10k)}`,
        `Denominator: ${num(rates.denominator)} games. Definition: ${rates.definition}`,
      ].join("\n");
    }
    case "top": {
      const rows = (data as any[]).map((game, index) => `${index + 1}. ${game.name} (${game.release?.year ?? "year unknown"}): ${known(game.reviews?.total)} reviews`);
      return [`Top ${rows.length} games tagged ${tag}${q.since ? ` released since ${q.since}` : ""} by Steam reviews (listGames, observed), out of ${num(record.output.pagination?.total ?? rows.length)} matching:`, ...rows].join("\n");
    }
    case "compare": {
      const lines = (data.titles as any[]).map((title) => {
        const observed = title.observed ?? {};
        const estimated = title.estimated;
        const figure = (metric: string, format?: (v: number) => string) => known(observed[metric]?.value, format);
        const estimate = estimated?.owners ? `; estimated owners ${known(estimated.owners.value)} (an estimate, not an observation)` : "";
        return `- ${title.name}: observed ${figure("reviews")} reviews, rating ${figure("rating", pct)}, price ${figure("price", usd)}, peak players ${figure("ccu")}${estimate}`;
      });
      return [`Comparison (compareTitles; observed and estimated figures kept apart):`, ...lines].join("\n");
    }
    case "complaints": {
      const name = data.name;
      if (data.evidenceState !== "ready" || !data.themes) {
        return `I can't say what players complain about in ${name}: the review analysis reports ${data.evidenceState === "not_analyzed" ? "no review texts collected" : "too few analysed reviews"} (analyseReviews, evidence state ${data.evidenceState}).`;
      }
      const analysed = data.denominators.analysed.count;
      const themes = (data.themes.negative as any[]).slice(0, 5).map((theme) => `- ${theme.label}: ${num(theme.reviews)} reviews (${pct(theme.share)} of ${num(analysed)} analysed)`);
      if (themes.length === 0) return `The analysis of ${num(analysed)} reviews of ${name} found no recurring complaint (analyseReviews).`;
      return [`What players complain about in ${name} (analyseReviews; modelled from ${num(analysed)} analysed review texts, not all reviews):`, ...themes].join("\n");
    }
    case "similar": {
      const rows = (data as any[]).map((game) => `- ${game.name} (${game.releaseYear ?? "year unknown"}): similarity ${game.score.toFixed(2)}, ${game.sharedTags.length} shared tags, ${known(game.reviewsTotal)} reviews`);
      if (rows.length === 0) return `I found no games similar to ${context.games![0].name}: its tags were not collected (listSimilarGames).`;
      return [`Games similar to ${context.games![0].name} by shared store tags (listSimilarGames):`, ...rows].join("\n");
    }
    case "history": {
      const points = (data.reviews?.points ?? []) as any[];
      const withValue = points.filter((point) => point.values);
      if (withValue.length === 0) return `No review counts of ${data.name} were observed over time (getGameHistory), so I can't say how they grew.`;
      const first = withValue[0];
      const last = withValue.at(-1);
      const gaps = points.length - withValue.length;
      return [
        `${data.name}'s Steam reviews (getGameHistory, observed snapshots):`,
        ...sampled(withValue, 12).map((point) => `- ${point.observedOn}: ${num(point.values.total)} reviews (${point.source})`),
        withValue.length > 1 ? `From ${first.observedOn} to ${last.observedOn}: ${last.values.total - first.values.total >= 0 ? "+" : ""}${num(last.values.total - first.values.total)} reviews.` : "Only one observation: no growth can be measured.",
        gaps ? `${gaps} snapshot(s) did not collect review counts (gaps, not zeros).` : "",
      ].filter(Boolean).join("\n");
    }
  }
}

/** At most `max` items, evenly spread, the first and the last always kept. */
function sampled<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = (items.length - 1) / (max - 1);
  return Array.from({ length: max }, (_, i) => items[Math.round(i * step)]);
}
