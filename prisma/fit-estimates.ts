// Cross-validates the sales estimators on our calibration set (prisma/data/calibration) and prints the
// figures docs/estimates.md reports; `--write` puts them into that file. Reads only prisma/data: the
// hold-out set is never read here (run: npx tsx prisma/fit-estimates.ts [--write]).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { estimateGame, type EstimateSubject } from "../lib/market/estimates";
import {
  conformalHalfWidth,
  crossValidate,
  estimators,
  ridgeMultiplier,
  statedCoverage,
  type CalibrationCase,
  type CvResult,
  type Estimator,
} from "../lib/market/estimates/cross-validate";
import { INTERVAL, inferYearFromAppId, METHOD_ID } from "../lib/market/estimates/multiplier-table";
import { parseCsv } from "../lib/market/ingest/csv";
import { IngestLog } from "../lib/market/ingest/ingest-log";
import { mergeGame } from "../lib/market/ingest/merge-game";
import { readSteamSpySnapshots, type SteamSpySnapshot } from "../lib/market/ingest/read-steamspy";
import { readAppDetails, readReviewStats2021, readStore2019, readStoreSearch2023 } from "../lib/market/ingest/read-store";
import { SOURCES } from "../lib/market/ingest/merge-game";

const DATA_DIR = resolve(process.cwd(), "prisma/data");
const DOC = resolve(process.cwd(), "docs/estimates.md");
const DAY = 86_400_000;
/** figures whose nearest review snapshot is further than this are "far" (their review count is of another time) */
const NEAR_DAYS = 366;

interface Case extends CalibrationCase {
  title: string;
  reportedOn: string;
  /** days between the figure's date and the nearest review observation (interpolated or not) */
  gapDays: number;
  subject: EstimateSubject;
  latestReviews: number;
}

interface Row {
  app_id: string;
  title: string;
  units: string;
  reported_on: string;
}

function readCalibration(): Row[] {
  const [header, ...rows] = parseCsv(readFileSync(resolve(DATA_DIR, "calibration/reported-sales.csv"), "utf8"));
  return rows.filter((r) => r.length > 1).map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])) as unknown as Row);
}

/** Steam reviews on `day`: interpolated between the observations around it, else the nearest one; gapDays to the nearest. */
export function reviewsOn(day: string, points: { day: string; reviews: number }[]): { reviews: number; gapDays: number } {
  const t = Date.parse(day);
  const sorted = [...points].sort((a, b) => a.day.localeCompare(b.day));
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    const [ta, tb] = [Date.parse(a.day), Date.parse(b.day)];
    if (t >= ta && t <= tb) {
      const gapDays = Math.round(Math.min(t - ta, tb - t) / DAY);
      return { reviews: a.reviews + ((t - ta) / (tb - ta)) * (b.reviews - a.reviews), gapDays };
    }
  }
  const nearest = sorted.reduce((best, p) => (Math.abs(Date.parse(p.day) - t) < Math.abs(Date.parse(best.day) - t) ? p : best));
  return { reviews: nearest.reviews, gapDays: Math.round(Math.abs(Date.parse(nearest.day) - t) / DAY) };
}

function buildCases(): Case[] {
  const log = new IngestLog();
  const spy = readSteamSpySnapshots(DATA_DIR, log);
  const details = readAppDetails(DATA_DIR, log);
  const store2019 = readStore2019(DATA_DIR, log);
  const search2023 = readStoreSearch2023(DATA_DIR, log);
  const reviewStats = readReviewStats2021(DATA_DIR, log);
  const cases: Case[] = [];
  for (const row of readCalibration()) {
    const appId = Number(row.app_id);
    const game = mergeGame(appId, {
      spy: spy.flatMap((s: SteamSpySnapshot) => {
        const record = s.records.get(appId);
        return record ? [{ tag: { source: s.source, observedAt: s.observedOn }, record }] : [];
      }),
      details: details.get(appId),
      store2019: store2019.get(appId),
      search2023: search2023.get(appId),
      hasReviewTexts: false,
      isKnownTag: () => false,
    });
    // the same review observations GET /games/{appId}?asOf= interpolates between: SteamSpy snapshots and
    // Steam's review statistics as of 2018-07-01
    const stats = reviewStats.get(appId);
    const points = [
      ...spy.flatMap((s) => {
        const r = s.records.get(appId);
        return r && r.positive !== null && r.negative !== null ? [{ day: s.observedOn, reviews: r.positive + r.negative }] : [];
      }),
      ...(stats ? [{ day: SOURCES.reviewStats2021.observedAt, reviews: stats.positive + stats.negative }] : []),
    ];
    if (!game || points.length === 0) throw new Error(`calibration app ${appId} (${row.title}) has no review counts in prisma/data`);
    const { reviews, gapDays } = reviewsOn(row.reported_on, points);
    const subject: EstimateSubject = {
      appId,
      reviewsTotal: Math.round(reviews),
      releaseYear: game.release.year,
      initialPriceCents: game.initialPriceCents,
      priceCents: game.priceCents,
      currency: game.currency,
      isFree: game.isFree,
    };
    const latest = points.reduce((a, b) => (a.day > b.day ? a : b)).reviews;
    cases.push({ appId, title: row.title, reportedOn: row.reported_on, reported: Number(row.units), reviews, gapDays, subject, latestReviews: latest });
  }
  return cases;
}

/** what a fitted multiplier may read of a title: reviews, release year (collected or inferred), full price, age at the figure */
function titleFeatures(c: Case): number[] {
  const year = c.subject.releaseYear ?? inferYearFromAppId(c.appId);
  const dollars = (c.subject.initialPriceCents ?? c.subject.priceCents ?? 2000) / 100;
  const age = Math.max(0.25, Number(c.reportedOn.slice(0, 4)) + 0.5 - year);
  return [Math.log(c.reviews), year, Math.log(Math.max(1, dollars)), Math.log(age)];
}
const RIDGE_LAMBDA = 4;

const v1Estimate = (c: Case) => estimateGame(c.subject).sales.value;
/** today's method as an "estimator": it is not fitted, so training cases are ignored */
const v1: Estimator<Case> = () => (c) => v1Estimate(c)!;

function evaluate(cases: Case[]) {
  const usable = cases.filter((c) => v1Estimate(c) !== null);
  const band = (c: Case) => (c.subject.releaseYear === null ? INTERVAL.inferredYear : INTERVAL.knownYear);
  const stated = usable.filter((c) => statedCoverage([c], (x) => v1Estimate(x)!, band(c).low, band(c).high) === 1).length;
  const statedInferred = usable.filter((c) => c.subject.releaseYear === null).length;
  const results: [string, CvResult][] = [
    [`${METHOD_ID} (v1 central estimate)`, crossValidate(usable, v1)],
    ["flat 35 x reviews", crossValidate(usable, estimators.flat35)],
    ["fitted single multiplier", crossValidate(usable, estimators.fittedMultiplier)],
    ["fitted ln(copies) = a + b ln(reviews)", crossValidate(usable, estimators.logLinear)],
    ["fitted multiplier on reviews, year, price, age (ridge)", crossValidate(usable, ridgeMultiplier(titleFeatures, RIDGE_LAMBDA))],
  ];
  const v1Residuals = usable.map((c) => Math.abs(Math.log(c.reported / v1Estimate(c)!)));
  return { usable, stated, statedInferred, results, widened: conformalHalfWidth(v1Residuals) };
}

const f2 = (x: number) => x.toFixed(2);
const pct = (n: number, of: number) => `${n} of ${of} (${Math.round((100 * n) / of)}%)`;

function table(title: string, cases: Case[]): string {
  const { usable, stated, statedInferred, results, widened } = evaluate(cases);
  const lines = [
    `**${title}** (${usable.length} titles)`,
    "",
    "| estimator | median abs ln(estimate / reported) | median ln(reported / estimate) | reported inside the cross-validated 80% interval |",
    "|---|---:|---:|---:|",
    ...results.map(([name, r]) => `| ${name} | ${f2(r.medianAbsLogError)} | ${f2(r.medianLogError)} | ${pct(r.covered, r.cases)} |`),
    "",
    `${METHOD_ID}'s stated interval (x${INTERVAL.knownYear.low} to x${INTERVAL.knownYear.high}; x${INTERVAL.inferredYear.low} to x${INTERVAL.inferredYear.high} for the ${statedInferred} titles whose year is inferred) held ${pct(stated, usable.length)}.`,
    `The interval the residuals support (conformal, 80%): x${f2(Math.exp(-widened))} to x${f2(Math.exp(widened))}.`,
  ];
  return lines.join("\n");
}

function report(cases: Case[]): string {
  const near = cases.filter((c) => c.gapDays <= NEAR_DAYS);
  const latest = cases.map((c) => ({ ...c, reviews: c.latestReviews, subject: { ...c.subject, reviewsTotal: c.latestReviews } }));
  return [
    table("Reviews at the figure's date, every title", cases),
    "",
    table(`Reviews at the figure's date, titles with a review observation within a year of it`, near),
    "",
    table("Reviews at the latest snapshot (what GET /games/{appId} answers today), every title", latest),
  ].join("\n");
}

function main() {
  const cases = buildCases();
  const body = report(cases);
  console.log(body);
  if (process.argv.includes("--write")) {
    const doc = readFileSync(DOC, "utf8");
    const start = "<!-- calibration:start -->";
    const end = "<!-- calibration:end -->";
    const [before, rest] = doc.split(start);
    if (rest === undefined || !rest.includes(end)) throw new Error(`${DOC} has no ${start} ... ${end} section`);
    writeFileSync(DOC, `${before}${start}\n${body}\n${end}${rest.split(end)[1]}`);
    console.log(`\nwrote ${DOC}`);
  }
}

if (process.argv[1]?.endsWith("fit-estimates.ts")) main();
