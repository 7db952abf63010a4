// The bench baseline: a bare node:http server running the API's own SQL, without Next or the bearer pipeline.
//
// /prisma/games/{appId} and /prisma/games?...: the market functions the API's handlers call (getGameDetail,
//   searchGames: the same statements, through Prisma or the plain pg pool of lib/db/prisma-client.ts as the API).
// /pg/games/{appId} and /pg/games?...: plain `pg` Pool (same size) with the identical SQL text and values,
//   captured from the Prisma path at startup, rows mapped by the same toListedGames and toGameDetail.
// /sql: the captured statements, for EXPLAIN ANALYZE by the bench.
// Bodies are the API's success envelope (data, meta.requestId, meta.generatedAt, pagination).
import http from "node:http";
import pg from "pg";
import { ApiError } from "../../lib/api/api-error";
import { errorEnvelope, successEnvelope } from "../../lib/api/envelope";
import { buildPagination } from "../../lib/api/pagination";
import { newRequestId } from "../../lib/api/request-id";
import { getPrisma } from "../../lib/db/prisma-client";
import { toListedGames, type ListedGameRow } from "../../lib/market/game-row";
import { getGameDetail, toGameDetail, type DetailRow } from "../../lib/market/get-game";
import { searchGames, type GameSearch, type GameSort } from "../../lib/market/search-games";
import { captureStatements as capture } from "./bench-support";

const databaseUrl = process.env.DATABASE_URL;
const listQuery = process.env.BENCH_LIST_QUERY ?? "";
if (!databaseUrl) throw new Error("bare-server: DATABASE_URL is required");

const poolSize = Number(process.env.LUDEX_DB_POOL ?? 10);
const plain = new pg.Pool({ connectionString: databaseUrl, max: poolSize });

/** Parses only what the bench sends; the API's zod validation is deliberately not part of the baseline. */
function parseSearch(params: URLSearchParams): GameSearch {
  const list = (name: string) => params.get(name)?.split(",").filter(Boolean);
  const number = (name: string) => (params.has(name) ? Number(params.get(name)) : undefined);
  return {
    q: params.get("q") ?? undefined,
    tags: list("tags"),
    tagsExclude: list("tagsExclude"),
    genres: list("genres"),
    reviewsMin: number("reviewsMin"),
    reviewsMax: number("reviewsMax"),
    priceMin: number("priceMin"),
    priceMax: number("priceMax"),
    ratingMin: number("ratingMin"),
    sort: (params.get("sort") ?? undefined) as GameSort | undefined,
    limit: number("limit") ?? 25,
    offset: number("offset") ?? 0,
  } as GameSearch;
}

async function captureStatements() {
  const { rows } = await plain.query<{ app_id: number }>("SELECT app_id FROM games ORDER BY reviews_total DESC NULLS LAST LIMIT 1");
  const sampleId = rows[0].app_id;
  const detailSeen = await capture(() => getGameDetail(sampleId));
  const detail = detailSeen.find((s) => s.text.includes("store_details"));
  const search = parseSearch(new URLSearchParams(listQuery));
  await searchGames(search); // loads the tag catalog, so the capture below holds only the two statements
  const listSeen = await capture(() => searchGames(search));
  const listRows = listSeen.find((s) => s.text.includes("ORDER BY"));
  // the bench's list (one tag and a range) is counted by one statement answering `total`
  const listCount = listSeen.find((s) => s.text.trimEnd().endsWith("AS total"));
  if (!detail || !listRows || !listCount) {
    throw new Error(`bare-server: could not capture the API's statements (saw ${detailSeen.length + listSeen.length})`);
  }
  return { detail, listRows, listCount, search };
}

const statements = await captureStatements();

async function pgDetail(appId: number) {
  const { rows } = await plain.query({ text: statements.detail.text, values: [appId] });
  const row = rows[0];
  if (!row) throw new ApiError("NOT_FOUND", `No game with appId ${appId}.`, { param: "appId" });
  return { data: toGameDetail(row as DetailRow) };
}

async function pgList() {
  const [rows, counted] = await Promise.all([plain.query(statements.listRows), plain.query(statements.listCount)]);
  const total = counted.rows[0]?.total ?? 0;
  const { limit, offset } = statements.search;
  return { data: await toListedGames(rows.rows as ListedGameRow[]), pagination: buildPagination(limit, offset, total) };
}

async function prismaList(params: URLSearchParams) {
  const search = parseSearch(params);
  const { items, total } = await searchGames(search);
  return { data: items, pagination: buildPagination(search.limit, search.offset, total) };
}

async function route(url: URL): Promise<{ data: unknown; pagination?: ReturnType<typeof buildPagination> }> {
  const detail = /^\/(prisma|pg)\/games\/(\d+)$/.exec(url.pathname);
  if (detail) {
    const appId = Number(detail[2]);
    return detail[1] === "prisma" ? { data: await getGameDetail(appId) } : pgDetail(appId);
  }
  if (url.pathname === "/prisma/games") return prismaList(url.searchParams);
  if (url.pathname === "/pg/games") {
    if (url.search.slice(1) !== listQuery) throw new ApiError("BAD_REQUEST", `/pg/games replays only ?${listQuery}`);
    return pgList();
  }
  if (url.pathname === "/sql") return { data: statements };
  throw new ApiError("NOT_FOUND", `No route ${url.pathname}`);
}

const server = http.createServer(async (request, response) => {
  const requestId = newRequestId();
  let status = 200;
  let body: unknown;
  try {
    const result = await route(new URL(request.url ?? "/", "http://bare"));
    body = successEnvelope(result, requestId);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : new ApiError("INTERNAL_ERROR", (error as Error).message);
    status = apiError.status;
    body = errorEnvelope(apiError, requestId);
  }
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "Request-Id": requestId, "Cache-Control": "no-store" });
  response.end(JSON.stringify(body));
});
server.keepAliveTimeout = 60_000;

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as { port: number };
  console.log(`bare-server listening ${port}`);
});

const shutdown = () => {
  server.close();
  void Promise.allSettled([plain.end(), getPrisma().$disconnect()]).then(() => process.exit(0));
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
