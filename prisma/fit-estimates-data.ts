// The data prisma/fit-estimates.ts fits on: every title of our catalog with its review observations
// (rebuilt from prisma/data by the ingest's own readers and merge rules), and the calibration set's
// reported figures joined to them. Reads only prisma/data.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { releaseOf, reviewsOn, type EstimateSubject, type ReviewObservation } from "../lib/market/estimates";
import { parseCsv } from "../lib/market/ingest/csv";
import { IngestLog } from "../lib/market/ingest/ingest-log";
import { mergeGame, SOURCES, type MergedGame } from "../lib/market/ingest/merge-game";
import { readSteamSpySnapshots } from "../lib/market/ingest/read-steamspy";
import { readAppDetails, readReviewStats2021, readStore2019, readStoreSearch2023 } from "../lib/market/ingest/read-store";
import { releaseMonthOf } from "../lib/market/release-month";

const DATA_DIR = resolve(process.cwd(), "prisma/data");
const DAY = 86_400_000;

export interface CatalogTitle {
  appId: number;
  game: MergedGame;
  release: MergedGame["release"];
  /** Steam review counts per observation, as GET /games/{appId}?asOf= reads them */
  observations: ReviewObservation[];
}

/** Every app of prisma/data that has a review observation. */
export function readCatalog(): CatalogTitle[] {
  const log = new IngestLog();
  const spy = readSteamSpySnapshots(DATA_DIR, log);
  const details = readAppDetails(DATA_DIR, log);
  const store2019 = readStore2019(DATA_DIR, log);
  const search2023 = readStoreSearch2023(DATA_DIR, log);
  const reviewStats = readReviewStats2021(DATA_DIR, log);
  const ids = new Set<number>([...reviewStats.keys(), ...spy.flatMap((s) => [...s.records.keys()])]);
  const titles: CatalogTitle[] = [];
  for (const appId of ids) {
    const stats = reviewStats.get(appId);
    const observations: ReviewObservation[] = [
      ...(stats ? [{ ...SOURCES.reviewStats2021, reviewsTotal: stats.positive + stats.negative }] : []),
      ...spy.flatMap((s) => {
        const r = s.records.get(appId);
        return r && r.positive !== null && r.negative !== null ? [{ source: s.source, observedAt: s.observedOn, reviewsTotal: r.positive + r.negative }] : [];
      }),
    ];
    if (observations.length === 0) continue;
    const game = mergeGame(appId, {
      spy: spy.flatMap((s) => {
        const record = s.records.get(appId);
        return record ? [{ tag: { source: s.source, observedAt: s.observedOn }, record }] : [];
      }),
      details: details.get(appId),
      store2019: store2019.get(appId),
      search2023: search2023.get(appId),
      hasReviewTexts: false,
      isKnownTag: () => false,
    });
    if (game) titles.push({ appId, game, release: game.release, observations });
  }
  return titles;
}

export interface CalibrationTitle {
  appId: number;
  game: MergedGame;
  title: string;
  reportedOn: string;
  reported: number;
  subject: EstimateSubject;
  observations: ReviewObservation[];
  usdPriceCents: number | null;
  /** Steam reviews on the figure's day, as asOf counts them; `reviews` is what an estimator reads */
  reviewsOnDay: number;
  reviews: number;
  /** the day that count describes: the figure's day, or the last observation's when the day is after it */
  countedOn: string;
  /** days between the figure's day and the nearest review observation */
  gapDays: number;
  latest: ReviewObservation;
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

/** The calibration figures with a usable review count on their day (paid, 10+ reviews), and those skipped with why. */
export function buildCalibrationCases(catalog: CatalogTitle[], accrualExponent: number): { cases: CalibrationTitle[]; skipped: string[] } {
  const byId = new Map(catalog.map((t) => [t.appId, t]));
  const cases: CalibrationTitle[] = [];
  const skipped: string[] = [];
  for (const row of readCalibration()) {
    const appId = Number(row.app_id);
    const title = byId.get(appId);
    if (!title) throw new Error(`calibration app ${appId} (${row.title}) has no review counts in prisma/data`);
    const { game, observations } = title;
    const subject: EstimateSubject = {
      appId,
      reviewsTotal: null,
      releaseYear: game.release.year,
      releaseMonth: releaseMonthOf(game.release.date, game.release.precision),
      initialPriceCents: game.initialPriceCents,
      priceCents: game.priceCents,
      currency: game.currency,
      isFree: game.isFree,
    };
    const on = reviewsOn(row.reported_on, observations, releaseOf(subject), accrualExponent);
    if (on.reviewsTotal === null || on.reviewsTotal < 10 || game.isFree || game.priceCents === 0) {
      skipped.push(`${row.title} (${on.reviewsTotal === null ? on.reason : "free or under 10 reviews"})`);
      continue;
    }
    const sorted = [...observations].sort((a, b) => a.observedAt.localeCompare(b.observedAt));
    const latest = sorted.at(-1)!;
    const t = Date.parse(row.reported_on);
    const gapDays = Math.round(Math.min(...sorted.map((o) => Math.abs(Date.parse(o.observedAt) - t))) / DAY);
    const cents = game.initialPriceCents ?? game.priceCents;
    cases.push({
      appId,
      game,
      title: row.title,
      reportedOn: row.reported_on,
      reported: Number(row.units),
      subject,
      observations,
      usdPriceCents: game.currency === "USD" && cents !== null && cents > 0 ? cents : null,
      reviewsOnDay: on.reviewsTotal,
      reviews: on.reviewsTotal,
      countedOn: row.reported_on > latest.observedAt ? latest.observedAt : row.reported_on,
      gapDays,
      latest,
    });
  }
  return { cases, skipped };
}
