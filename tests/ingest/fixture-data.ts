import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { parseCsv } from "@/lib/market/ingest/csv";

const REAL = join(process.cwd(), "prisma/data");
const gz = (path: string) => gunzipSync(readFileSync(path)).toString("utf8");

/** CSV text from rows, quoting as the real files do. */
function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")).join("\n") + "\n";
}

function realSpyRecords(date: string, appIds: number[]): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (let page = 0; page < 100 && Object.keys(found).length < appIds.length; page++) {
    let text: string;
    try {
      text = gz(join(REAL, "steamspy", date, `page-${page}.json.gz`));
    } catch {
      break;
    }
    const records = JSON.parse(text);
    for (const id of appIds) if (records[id]) found[id] = records[id];
  }
  return found;
}

/**
 * A small data folder in the real formats, cut from the real files, plus deliberately malformed records:
 * a SteamSpy record without a name and one with a garbage owners range, a store row with an unknown tag
 * name and an unparseable date, an appdetails file that is not JSON, and a review without text.
 */
export function writeFixtureData(dir: string, appIds: { full: number; partial: number; tracked: number }) {
  const ids = [appIds.full, appIds.partial, appIds.tracked];
  mkdirSync(join(dir, "steamspy/2025-01-01"), { recursive: true });
  mkdirSync(join(dir, "steamspy/2023-02-04"), { recursive: true });
  const spy2025 = realSpyRecords("2025-01-01", ids) as Record<string, any>;
  spy2025["999001"] = { appid: 999001, name: "", positive: 1, negative: 0, owners: "0 .. 20,000" };
  spy2025["999002"] = { appid: 999002, name: "Broken Owners", positive: 1, negative: 0, owners: "lots" };
  writeFileSync(join(dir, "steamspy/2025-01-01/page-0.json.gz"), gzipSync(JSON.stringify(spy2025)));
  writeFileSync(join(dir, "steamspy/2023-02-04/page-0.json.gz"), gzipSync(JSON.stringify(realSpyRecords("2023-02-04", ids))));

  mkdirSync(join(dir, "store/appdetails"), { recursive: true });
  copyFileSync(join(REAL, `store/appdetails/${appIds.full}.json`), join(dir, `store/appdetails/${appIds.full}.json`));
  writeFileSync(join(dir, "store/appdetails/999003.json"), "{not json");

  const [header2019, ...rows2019] = parseCsv(gz(join(REAL, "store/steam-store-games-2019.csv.gz")));
  const keep2019 = rows2019.filter((row) => ids.includes(Number(row[0])));
  writeFileSync(join(dir, "store/steam-store-games-2019.csv.gz"), gzipSync(toCsv([header2019, ...keep2019])));

  const [header2023, ...rows2023] = parseCsv(gz(join(REAL, "store/steam-store-search-2023.csv.gz")));
  const keep2023 = rows2023.filter((row) => ids.includes(Number(row[0])));
  const odd = [...header2023.map(() => "")];
  const col = (name: string) => header2023.indexOf(name);
  odd[col("Unique_ID")] = "999004";
  odd[col("title")] = "Odd Fixture";
  odd[col("tags")] = "['Indie', 'Not A Real Tag']";
  odd[col("date_released")] = "Coming soon";
  odd[col("price")] = "Free";
  odd[col("discount")] = "No Discount";
  writeFileSync(join(dir, "store/steam-store-search-2023.csv.gz"), gzipSync(toCsv([header2023, ...keep2023, odd])));

  const stats = JSON.parse(gz(join(REAL, "store/review-stats-2021.json.gz")));
  const keepStats = Object.fromEntries(ids.filter((id) => stats[id]).map((id) => [id, stats[id]]));
  writeFileSync(join(dir, "store/review-stats-2021.json.gz"), gzipSync(JSON.stringify(keepStats)));

  mkdirSync(join(dir, "reviews"), { recursive: true });
  const dump = JSON.parse(gz(join(REAL, `reviews/${appIds.full}.json.gz`)));
  const reviewIds = Object.keys(dump.reviews).slice(0, 5);
  const reviews = Object.fromEntries(reviewIds.map((id) => [id, dump.reviews[id]]));
  reviews["1"] = { recommendationid: "1", voted_up: true, timestamp_created: 1550000000 };
  writeFileSync(join(dir, `reviews/${appIds.full}.json.gz`), gzipSync(JSON.stringify({ reviews, query_summary: dump.query_summary })));

  mkdirSync(join(dir, "tags"), { recursive: true });
  copyFileSync(join(REAL, "tags/steam-tags.csv"), join(dir, "tags/steam-tags.csv"));
  return { reviewIds };
}
