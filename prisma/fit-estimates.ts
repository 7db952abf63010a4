// Fits the sales model on our calibration set (prisma/data/calibration), cross-validates it beside simple
// rules, and prints the figures docs/estimates.md reports; `--write` puts them into that file and the fitted
// model into lib/market/estimates/fitted-model.ts. Reads only prisma/data: the hold-out set is never read
// here (run: npx tsx prisma/fit-estimates.ts [--write]).
import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { estimateGameAsOf, reviewsOn } from "../lib/market/estimates";
import { conformalHalfWidth, crossValidate, estimators, median, quantile, type CvResult, type Estimator } from "../lib/market/estimates/cross-validate";
import { FITTED_MODEL } from "../lib/market/estimates/fitted-model";
import { inferYearFromAppId, METHOD_ID } from "../lib/market/estimates/method-constants";
import { ageInYears, FEATURES, featureValues, fitSalesModel, predictCopies, releaseMidpoint, type FeatureName, type SalesModel } from "../lib/market/estimates/sales-model";
import { releaseMonthOf } from "../lib/market/release-month";
import { buildCalibrationCases, readCatalog, type CalibrationTitle } from "./fit-estimates-data";

const DOC = resolve(process.cwd(), "docs/estimates.md");
const MODEL_FILE = resolve(process.cwd(), "lib/market/estimates/fitted-model.ts");
/** ridge penalty on the standardised weights, fixed beforehand (tuning it on the folds would leak) */
const LAMBDA = 4;
/** figures whose nearest review observation is further than this are "far" (their count is of another time) */
const NEAR_DAYS = 366;
const DAY = 86_400_000;

const f2 = (x: number) => x.toFixed(2);
const pct = (n: number, of: number) => `${n} of ${of} (${Math.round((100 * n) / of)}%)`;

/**
 * Review growth with age, from the catalog (not the calibration set): titles with a dated release
 * between 2008 and 2017 and both the 2018-07-01 and 2023-02-04 counts (50+ reviews at the first, released
 * at least half a year before it): the median of ln(reviews ratio) / ln(age ratio), so reviews ~ age^p.
 */
function accrualExponent(catalog: ReturnType<typeof readCatalog>): { exponent: number; titles: number } {
  const ratios: number[] = [];
  for (const title of catalog) {
    const year = title.release.year;
    if (year === null || year < 2008 || year > 2017) continue;
    const at = (day: string) => title.observations.find((o) => o.observedAt === day)?.reviewsTotal;
    const [early, late] = [at("2018-07-01"), at("2023-02-04")];
    if (!early || !late || early < 50 || late < early) continue;
    const released = releaseMidpoint(releaseMonthOf(title.release.date, title.release.precision), year);
    const age = (day: string) => (Date.parse(day) - Date.parse(released)) / DAY;
    if (age("2018-07-01") < 182) continue;
    ratios.push(Math.log(early / late) / Math.log(age("2018-07-01") / age("2023-02-04")));
  }
  return { exponent: Math.round(median(ratios) * 100) / 100, titles: ratios.length };
}

/**
 * Out of sample for the exponent (fitted on 2018 -> 2023 growth of older titles): the 2023-02-04 count of
 * titles released 2019-2022 (dated, 50+ reviews then), accrued back from their 2025-01-01 count, against the
 * count observed; beside taking the later count as it is (what v3 did before a first observation).
 */
function accrualCheck(catalog: ReturnType<typeof readCatalog>, exponent: number): string {
  const accrued: number[] = [];
  const asIs: number[] = [];
  for (const title of catalog) {
    const year = title.release.year;
    if (year === null || year < 2019 || year > 2022) continue;
    const observed = title.observations.find((o) => o.observedAt === "2023-02-04")?.reviewsTotal;
    const later = title.observations.find((o) => o.observedAt === "2025-01-01");
    if (!observed || observed < 50 || !later) continue;
    const on = reviewsOn("2023-02-04", [later], { year, month: releaseMonthOf(title.release.date, title.release.precision) }, exponent);
    if (on.reviewsTotal === null || on.reviewsTotal === 0) continue;
    accrued.push(Math.abs(Math.log(on.reviewsTotal / observed)));
    asIs.push(Math.abs(Math.log(later.reviewsTotal / observed)));
  }
  const q = (v: number[]) => `median ${f2(median(v))}, 80th percentile ${f2(quantile(v, 0.8))}`;
  return `Accrual checked out of sample on ${accrued.length} titles released 2019-2022 (their 2023-02-04 count from the 2025-01-01 one): abs ln error ${q(accrued)}; the later count as it is: ${q(asIs)}.`;
}

type Case = CalibrationTitle & { features: ReturnType<typeof featureValues> };

/** The features the model reads for a case whose review count is of `countedOn` (as estimateGameAsOf does). */
function withFeatures(c: CalibrationTitle, reviews: number, countedOn: string): Case {
  const year = c.subject.releaseYear ?? inferYearFromAppId(c.appId);
  const ageYears = ageInYears(c.subject.releaseMonth ?? null, year, countedOn);
  return { ...c, reviews, features: featureValues({ reviews, year, priceCents: c.usdPriceCents, ageYears }) };
}

/**
 * The two model forms declared beforehand: the ridge on every feature, and one fitted multiplier (the ridge
 * with no feature). The method ships the one with the lower leave-one-out error on every title at its figure's day.
 */
const CANDIDATES: { label: string; names: readonly FeatureName[] }[] = [
  { label: "ridge on reviews, year, price, age", names: FEATURES },
  { label: "one fitted multiplier, exp(median ln(copies / review))", names: [] },
];

const fitted =
  (names: readonly FeatureName[]): Estimator<Case> =>
  (training) => {
    const model = fitSalesModel(training, LAMBDA, names);
    return (c) => predictCopies(model, c);
  };

function evaluate(cases: Case[]) {
  const results: [string, CvResult][] = [
    ...CANDIDATES.map((c): [string, CvResult] => [`${c.label}${c === chosen ? ` (${METHOD_ID})` : ""}`, crossValidate(cases, fitted(c.names))]),
    ["flat 35 x reviews", crossValidate(cases, estimators.flat35)],
    ["fitted ln(copies) = a + b ln(reviews)", crossValidate(cases, estimators.logLinear)],
  ];
  return results;
}

let chosen = CANDIDATES[0]!;

function table(title: string, cases: Case[], stated: { low: number; high: number }, model: SalesModel): string {
  const results = evaluate(cases);
  const method = results[CANDIDATES.indexOf(chosen)]![1];
  const flat = results[CANDIDATES.length]![1];
  const inStated = cases.filter((c) => {
    const ratio = c.reported / predictCopies(model, c);
    return ratio >= stated.low && ratio <= stated.high;
  }).length;
  return [
    `**${title}** (${cases.length} titles)`,
    "",
    "| estimator | median abs ln(estimate / reported) | median ln(reported / estimate) | reported inside the cross-validated 80% interval |",
    "|---|---:|---:|---:|",
    ...results.map(([name, r]) => `| ${name} | ${f2(r.medianAbsLogError)} | ${f2(r.medianLogError)} | ${pct(r.covered, r.cases)} |`),
    "",
    `${METHOD_ID} (${chosen.label}) against flat-35 on the same folds: ${Math.round((1 - method.medianAbsLogError / flat.medianAbsLogError) * 100)}% lower median error.`,
    `The model fitted on every title, with its stated interval (x${stated.low} to x${stated.high}), holds ${pct(inStated, cases.length)} of these figures (in-sample).`,
  ].join("\n");
}

function main() {
  const catalog = readCatalog();
  const accrual = accrualExponent(catalog);
  const { cases: titles, skipped } = buildCalibrationCases(catalog, accrual.exponent);
  // as GET /games/{appId}?asOf=<figure's day> counts: reviews on the day; the age on the day (or on the last observation when the day is after it)
  const atFigure = titles.map((c) => withFeatures(c, c.reviewsOnDay, c.countedOn));
  const errors = CANDIDATES.map((c) => crossValidate(atFigure, fitted(c.names)));
  chosen = CANDIDATES[errors.indexOf(errors.reduce((a, b) => (b.medianAbsLogError < a.medianAbsLogError ? b : a)))]!;
  const model = fitSalesModel(atFigure, LAMBDA, chosen.names);
  const halfWidth = conformalHalfWidth(crossValidate(atFigure, fitted(chosen.names)).residuals.map((r) => Math.abs(r.error)));
  const interval = { low: Math.round(Math.exp(-halfWidth) * 100) / 100, high: Math.round(Math.exp(halfWidth) * 100) / 100 };
  const near = atFigure.filter((c) => c.gapDays <= NEAR_DAYS);
  const atLatest = titles.map((c) => withFeatures(c, c.latest.reviewsTotal, c.latest.observedAt));
  const body = [
    `Fitted on ${atFigure.length} titles (lambda ${LAMBDA}); review accrual exponent ${accrual.exponent} (median over ${accrual.titles} catalog titles). Chosen by leave-one-out error on every title: ${chosen.label}.`,
    accrualCheck(catalog, accrual.exponent),
    skipped.length ? `Not usable (no review count on the figure's day): ${skipped.join("; ")}.` : "",
    "",
    table("Reviews at the figure's date, every title", atFigure, interval, model),
    "",
    table("Reviews at the figure's date, titles with a review observation within a year of it", near, interval, model),
    "",
    table("Reviews at the latest observation (GET /games/{appId} without asOf), every title", atLatest, interval, model),
  ].join("\n");
  console.log(body);
  const dump = process.argv.indexOf("--dump");
  if (dump > 0) writeFileSync(process.argv[dump + 1]!, JSON.stringify(atFigure.map(explorationRow)));
  console.log(`\nmodel: ${JSON.stringify(model)}\ninterval: ${JSON.stringify(interval)}`);
  if (process.argv.includes("--write")) {
    writeModel(model, atFigure.length, interval, accrual.exponent);
    writeDoc(body);
    console.log(`\nwrote ${MODEL_FILE} and ${DOC}; run again to check the API's estimates against the fit`);
  } else if (sameModel(model, FITTED_MODEL) && accrual.exponent === FITTED_MODEL.accrualExponent) {
    checkAgainstApi(titles, atFigure, model);
    console.log("\nthe committed model is this fit, and estimateGameAsOf gives the fit's figure for every title");
  } else {
    console.log("\nthe committed model (lib/market/estimates/fitted-model.ts) is not this fit: run with --write");
  }
}

/** What a candidate feature could read of a case (`--dump <file>`, for exploring models outside this script). */
function explorationRow(c: Case) {
  const g = c.game;
  const reviews = (g.reviewsPositive ?? 0) + (g.reviewsNegative ?? 0);
  return {
    appId: c.appId, title: c.title, reported: c.reported, reportedOn: c.reportedOn, reviews: c.reviews, features: c.features, gapDays: c.gapDays,
    dated: c.subject.releaseYear !== null, latestReviews: reviews, positiveShare: reviews ? (g.reviewsPositive ?? 0) / reviews : null,
    ownersLow: g.ownersLow, ownersHigh: g.ownersHigh, ccu: g.ccu, playtimeMedian: g.playtimeMedian, genres: g.genres, 
    observations: c.observations,
  };
}

function sameModel(a: SalesModel, b: SalesModel): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x));
  const same = (f: SalesModel["features"][number], g: SalesModel["features"][number] | undefined) =>
    g !== undefined && f.name === g.name && (["mean", "weight", "min", "max"] as const).every((k) => close(f[k], g[k]));
  return close(a.intercept, b.intercept) && a.features.length === b.features.length && a.features.every((f, i) => same(f, b.features[i]));
}

/** With the written model loaded (a second run), the API's own estimateGameAsOf must give the fit's figures. */
function checkAgainstApi(titles: CalibrationTitle[], cases: Case[], model: SalesModel) {
  cases.forEach((c, i) => {
    const title = titles[i]!;
    const api = estimateGameAsOf(title.subject, title.observations, title.reportedOn).sales.value;
    const fit = Math.round(predictCopies(model, c));
    if (api === null || Math.abs(api - fit) > Math.max(1, fit * 1e-6)) throw new Error(`${title.title}: API ${api}, fit ${fit}`);
  });
}

function writeModel(model: SalesModel, titles: number, interval: { low: number; high: number }, accrualExponent: number) {
  const r = (x: number) => Number(x.toPrecision(8));
  const features = model.features
    .map((f) => `    { name: "${f.name}", mean: ${r(f.mean)}, weight: ${r(f.weight)}, min: ${r(f.min)}, max: ${r(f.max)} },`)
    .join("\n");
  writeFileSync(
    MODEL_FILE,
    `// Generated by \`npx tsx prisma/fit-estimates.ts --write\` from prisma/data/calibration: do not edit by hand.
import type { SalesModel } from "./sales-model";

export const FITTED_MODEL: SalesModel & { titles: number; lambda: number; interval: { low: number; high: number }; accrualExponent: number } = {
  titles: ${titles},
  lambda: ${LAMBDA},
  intercept: ${r(model.intercept)},
  features: [${features ? `\n${features}\n  ` : ""}],
  interval: { low: ${interval.low}, high: ${interval.high} },
  accrualExponent: ${accrualExponent},
};
`,
  );
}

function writeDoc(body: string) {
  const doc = readFileSync(DOC, "utf8");
  const start = "<!-- calibration:start -->";
  const end = "<!-- calibration:end -->";
  const [before, rest] = doc.split(start);
  if (rest === undefined || !rest.includes(end)) throw new Error(`${DOC} has no ${start} ... ${end} section`);
  writeFileSync(DOC, `${before}${start}\n${body}\n${end}${rest.split(end)[1]}`);
}

if (process.argv[1]?.endsWith("fit-estimates.ts")) main();
