import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { IngestLog } from "@/lib/market/ingest/ingest-log";
import { tagMatcher } from "@/lib/market/ingest/match-tags";
import { mergeGame, type MergedGame } from "@/lib/market/ingest/merge-game";
import { readSteamSpySnapshots } from "@/lib/market/ingest/read-steamspy";
import { readAppDetails, readReviewStats2021, readStore2019, readStoreSearch2023, readTagList } from "@/lib/market/ingest/read-store";

/**
 * Games as `npm run ingest` merges them from the bundled files (lib/market/ingest/run-ingest.ts: the same
 * readers and `mergeGame` with the same inputs), for a few apps: a full ingest takes some 40 s on a fresh
 * database, which this suite cannot spend.
 */
export function ingestedGames(appIds: number[]): MergedGame[] {
  const dataDir = resolve(process.cwd(), "prisma/data");
  const log = new IngestLog();
  const spy = readSteamSpySnapshots(dataDir, log);
  const details = readAppDetails(dataDir, log);
  const store2019 = readStore2019(dataDir, log);
  const search2023 = readStoreSearch2023(dataDir, log);
  const reviewStats2021 = readReviewStats2021(dataDir, log);
  const matchTag = tagMatcher(readTagList(dataDir, log));
  return appIds.map((appId) => {
    const game = mergeGame(appId, {
      spy: spy.flatMap((s) => {
        const record = s.records.get(appId);
        return record ? [{ tag: { source: s.source, observedAt: s.observedOn }, record }] : [];
      }),
      details: details.get(appId),
      store2019: store2019.get(appId),
      search2023: search2023.get(appId),
      reviewStats2021: reviewStats2021.get(appId),
      // run-ingest.ts asks whether the review dumps hold texts for the app: one file per app
      hasReviewTexts: existsSync(join(dataDir, "reviews", `${appId}.json.gz`)),
      isKnownTag: (name) => matchTag(name) !== undefined,
    });
    if (!game) throw new Error(`the bundled files name no app ${appId}`);
    return game;
  });
}
