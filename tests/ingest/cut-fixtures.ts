// Cuts tests/ingest/fixtures/ from the vendored real files (prisma/data), in their published formats, and
// adds deliberately malformed records. Run once with `npx tsx tests/ingest/cut-fixtures.ts`; the output is committed.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { parseCsv } from "../../lib/market/ingest/csv";

const REAL = join(process.cwd(), "prisma/data");
const OUT = join(process.cwd(), "tests/ingest/fixtures");
const gz = (path: string) => gunzipSync(readFileSync(path)).toString("utf8");
const write = (path: string, text: string, zip = true) => {
  mkdirSync(join(OUT, path, ".."), { recursive: true });
  writeFileSync(join(OUT, path), zip ? gzipSync(text) : text);
};

// 570 Dota 2: every source. 10 Counter-Strike: SteamSpy, both store CSVs, review stats. 1643320 STALKER 2 and
// 223850 3DMark: store search 2023 (month-only and empty dates). 60600: SteamSpy 2023 only (with playtime).
// 576960: real SteamSpy record without a name in either snapshot.
const IDS = ["570", "10", "1643320", "223850", "60600", "576960"];

const toCsv = (rows: string[][]) =>
  rows.map((row) => row.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(",")).join("\n") + "\n";

function cutSteamSpy(date: string, extra: Record<string, unknown>) {
  const found: Record<string, unknown> = {};
  for (const page of readdirSync(join(REAL, "steamspy", date))) {
    const records = JSON.parse(gz(join(REAL, "steamspy", date, page)));
    for (const id of IDS) if (records[id]) found[id] = records[id];
  }
  write(`steamspy/${date}/page-0.json.gz`, JSON.stringify({ ...found, ...extra }));
}

function cutCsv(file: string, idColumn: number, extra: (header: string[]) => string[][]) {
  const [header, ...rows] = parseCsv(gz(join(REAL, "store", file)));
  write(`store/${file}`, toCsv([header, ...rows.filter((row) => IDS.includes(row[idColumn])), ...extra(header)]));
}

function row(header: string[], values: Record<string, string>): string[] {
  return header.map((name) => values[name] ?? "");
}

rmSync(OUT, { recursive: true, force: true });
cutSteamSpy("2025-01-01", {
  999002: { appid: 999002, name: "Broken Owners", positive: 1, negative: 0, owners: "lots" },
  999005: { appid: 999005, name: "Bad Count", positive: "many", negative: 0, owners: "0 .. 20,000" },
  oops: { name: "No Appid", positive: 1, negative: 0 },
});
cutSteamSpy("2023-02-04", {});
cutCsv("steam-store-games-2019.csv.gz", 0, (header) => [
  row(header, { appid: "x", name: "Missing Appid", positive_ratings: "1", negative_ratings: "0", price: "0" }),
  row(header, { appid: "999006", name: "Someday Game", release_date: "someday", positive_ratings: "3", negative_ratings: "1", owners: "0-20000", price: "0.79", steamspy_tags: "Indie;Not A Real Tag;Puzzle" }),
]);
cutCsv("steam-store-search-2023.csv.gz", 0, (header) => [
  row(header, { Unique_ID: "999004", title: "Odd &amp; Fixture", tags: "['Design &amp; Illustration', 'Not A Real Tag', 'Dystopian ']", date_released: "Coming soon", discount: "No Discount", price: "Free To Play", win_comp: "1", mac_comp: "0", linux_comp: "0" }),
  row(header, { Unique_ID: "999009", title: "Not A List", tags: "Indie, Puzzle", date_released: "2023" }),
]);
const stats = JSON.parse(gz(join(REAL, "store/review-stats-2021.json.gz")));
write("store/review-stats-2021.json.gz", JSON.stringify({
  ...Object.fromEntries(IDS.filter((id) => stats[id]).map((id) => [id, stats[id]])),
  999007: { review_score: 0, review_score_desc: "3 user reviews", total_positive: 2, total_negative: 1, total_reviews: 3 },
  999008: { review_score: 0, review_score_desc: "No user reviews", total_positive: "x", total_negative: 0, total_reviews: 0 },
}));
mkdirSync(join(OUT, "store/appdetails"), { recursive: true });
copyFileSync(join(REAL, "store/appdetails/570.json"), join(OUT, "store/appdetails/570.json"));
write("store/appdetails/999003.json", "{not json", false);
const dump = JSON.parse(gz(join(REAL, "reviews/570.json.gz")));
const reviews = Object.fromEntries(Object.keys(dump.reviews).slice(0, 5).map((id) => [id, dump.reviews[id]]));
reviews["1"] = { recommendationid: "1", voted_up: true, timestamp_created: 1550000000 };
write("reviews/570.json.gz", JSON.stringify({ reviews, query_summary: dump.query_summary }));
mkdirSync(join(OUT, "tags"), { recursive: true });
copyFileSync(join(REAL, "tags/steam-tags.csv"), join(OUT, "tags/steam-tags.csv"));
