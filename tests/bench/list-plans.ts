// npm run bench:lists: the statements GET /games sends (page, and the count when the page is full) for the
// bench's filters and sorts, captured from searchGames and timed with EXPLAIN (ANALYZE, BUFFERS) on a real
// PostgreSQL with the real data: planning + execution, buffers, and the rows plans read and threw away.
// BENCH_BEFORE_ROOT=<a checkout of earlier code> measures that code's statements too, in a child process on
// the same database, for a before/after table. Writes docs/benchmarks.md's "lists" section.
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { migrateDatabase } from "../../lib/db/migrate-database";
import { runIngest } from "../../lib/market/ingest/run-ingest";
import { createBenchDatabase, serverUrlFromEnv } from "./bench-database";
import { writeDocSections } from "./bench-support";

const RUNS = 9;
/** The bench's list (first) and the filters and sorts of issue 14's set. */
export const CASES = [
  "tags=indie&reviewsMin=100&sort=-reviews",
  "tags=indie",
  "tags=indie&reviewsMin=100&reviewsMax=5000&sort=reviews",
  "tags=action,rpg",
  "tags=action,rpg&reviewsMin=1000",
  "tags=indie&tagsExclude=casual",
  "tags=indie&tagsExclude=casual,early-access&reviewsMin=10",
  "tags=indie&releasedFrom=2020&sort=-releaseDate",
  "tags=indie&priceMax=999&sort=-ccu",
  "tags=indie&ratingMin=0.9&platforms=mac",
  "tags=action&genres=RPG&releasedFrom=2018",
  "tags=indie&developer=Choice%20of%20Games",
  "tagsExclude=casual",
  "tagsExclude=casual,early-access",
  "genres=Strategy&sort=-rating",
  "releasedFrom=2020&releasedTo=2021&sort=-releaseDate",
  "priceMax=999&sort=-ccu",
  "reviewsMin=1000&reviewsMax=5000",
  "platforms=mac,linux&ratingMin=0.9",
  "developer=Valve",
  "q=the",
  "sort=name",
];

interface Measured {
  case: string;
  statements: { ms: number; buffers: number; discarded: number }[];
}

/** searchGames of the code at `root` for each case, its statements captured through that code's own pg. */
async function captureCases(root: string, url: string) {
  process.env.DATABASE_URL = url;
  const load = (path: string) => import(pathToFileURL(resolve(root, path)).href);
  const [{ searchGames }, { parseQuery }, { listGames }, pgModule, { getPrisma }] = await Promise.all([
    load("lib/market/search-games.ts"), load("lib/api/query-params.ts"), load("lib/operations/list-games.ts"),
    load("node_modules/pg/lib/index.js"), load("lib/db/prisma-client.ts"),
  ]);
  const Client = (pgModule.default ?? pgModule).Client as typeof pg.Client;
  const captured: { case: string; statements: { text: string; values: unknown[] }[] }[] = [];
  for (const name of CASES) {
    const search = parseQuery(listGames.query, new URLSearchParams(`${name}&limit=25`));
    await searchGames(search); // the tag catalog is read once per process
    const seen: { text: string; values: unknown[] }[] = [];
    const original = Client.prototype.query;
    Client.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
      if (config && typeof config === "object" && "text" in config) seen.push(config as { text: string; values: unknown[] });
      return (original as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof original;
    try {
      await searchGames(search);
    } finally {
      Client.prototype.query = original;
    }
    captured.push({ case: name, statements: seen.map(({ text, values }) => ({ text, values: values ?? [] })) });
  }
  await getPrisma().$disconnect();
  return captured;
}

async function measure(root: string, url: string): Promise<Measured[]> {
  const captured = await captureCases(root, url);
  const client = new pg.Client({ connectionString: url, options: "-c jit=off" });
  await client.connect();
  try {
    const out: Measured[] = [];
    for (const { case: name, statements } of captured) {
      const timed = [];
      for (const { text, values } of statements) {
        const runs: { ms: number; buffers: number; discarded: number }[] = [];
        for (let i = 0; i < RUNS; i++) {
          const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
          const plan = rows[0]["QUERY PLAN"][0];
          runs.push({ ms: plan["Planning Time"] + plan["Execution Time"], buffers: sharedBuffers(plan.Plan), discarded: discardedRows(plan.Plan) });
        }
        timed.push(runs.sort((a, b) => a.ms - b.ms)[Math.floor(RUNS / 2)]);
      }
      out.push({ case: name, statements: timed });
    }
    return out;
  } finally {
    await client.end();
  }
}

function commitOf(root: string): string {
  return execFileSync("git", ["-C", root, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
}

type PlanNode = Record<string, unknown> & { Plans?: PlanNode[] };

function sharedBuffers(node: PlanNode): number {
  return Number(node["Shared Hit Blocks"] ?? 0) + Number(node["Shared Read Blocks"] ?? 0);
}

/** Rows a plan read and then discarded: removed by filters, joins and index rechecks, times loops. */
function discardedRows(node: PlanNode): number {
  const loops = Number(node["Actual Loops"] ?? 1);
  const own = ["Rows Removed by Filter", "Rows Removed by Join Filter", "Rows Removed by Index Recheck"]
    .reduce((sum, key) => sum + Number(node[key] ?? 0), 0) * loops;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + discardedRows(child), 0);
}

/** The page's statement (first), or the total's statements (the rest, summed). */
const cell = (m: Measured | undefined, part: "page" | "total") => {
  const parts = part === "page" ? m?.statements.slice(0, 1) : m?.statements.slice(1);
  if (!parts?.length) return "none";
  const sum = (key: "ms" | "buffers" | "discarded") => parts.reduce((total, s) => total + s[key], 0);
  return `${sum("ms").toFixed(2)} (${sum("buffers")} buf, ${sum("discarded").toLocaleString("en-US")} discarded)`;
};

async function main() {
  if (process.argv[2] === "--json") {
    console.log(JSON.stringify(await measure(process.env.BENCH_CODE_ROOT ?? ".", process.env.BENCH_LOADED_DATABASE_URL!)));
    return;
  }
  const database = process.env.BENCH_LOADED_DATABASE_URL ? undefined : await createBenchDatabase(serverUrlFromEnv());
  const url = process.env.BENCH_LOADED_DATABASE_URL ?? database!.url;
  try {
    if (database) {
      await migrateDatabase(url);
      console.error("loading the real data into", database.name);
      await runIngest({ databaseUrl: url });
    }
    const beforeRoot = process.env.BENCH_BEFORE_ROOT;
    const before: Measured[] = beforeRoot
      ? JSON.parse(execFileSync("npx", ["tsx", resolve("tests/bench/list-plans.ts"), "--json"], {
          cwd: beforeRoot, env: { ...process.env, BENCH_CODE_ROOT: beforeRoot, BENCH_LOADED_DATABASE_URL: url }, encoding: "utf8",
          maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "inherit"],
        }).trim().split("\n").at(-1)!)
      : [];
    const after = await measure(".", url);
    const rows = after.map((now) => {
      const then = before.find((m) => m.case === now.case);
      const beforeCells = beforeRoot ? ` ${cell(then, "page")} | ${cell(then, "total")} |` : "";
      return `| \`${now.case}\` |${beforeCells} ${cell(now, "page")} | ${cell(now, "total")} |`;
    });
    rows.forEach((row) => console.log(row));
    const load = loadavg().map((n) => n.toFixed(2)).join(", ");
    const header = beforeRoot
      ? ["| case | page before | total before | page after | total after |", "|---|---:|---:|---:|---:|"]
      : ["| case | page | total |", "|---|---:|---:|"];
    writeDocSections("docs/benchmarks.md", [["lists", [
      "## Lists: the statements GET /games sends, timed by EXPLAIN (ANALYZE, BUFFERS)",
      "",
      `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, load average ${load}, real PostgreSQL with the real data,`,
      `\`npm run bench:lists\` (tests/bench/list-plans.ts): each case's statements as searchGames sends them with \`limit=25\``,
      `(captured), ${RUNS} runs each, median planning + execution ms, shared buffers touched, and rows the plan read and`,
      "discarded (removed by filters, join filters and rechecks). The page is the statement that reads the 25 games; the",
      "total is `total`'s statements summed (a count, or reads of game_counts), none when the page is not full and gives it.",
      ...(beforeRoot ? [`"Before" is the code of commit ${commitOf(beforeRoot)} (\`BENCH_BEFORE_ROOT\`), on the same database (migrated by this code, so with its indexes) in the same run.`] : []),
      "",
      ...header,
      ...rows,
      "",
    ].join("\n")]]);
  } finally {
    await database?.drop();
  }
}

await main();
