import type { BrowserSession } from "../access/browser-session";
import { CREDIT_PRICES } from "../access/plans";
import { ApiError } from "../api/api-error";
import { MAX_LIMIT } from "../api/pagination";
import type { Operation } from "../api/operation";
import { runAsSession, splitParams, type SessionRun } from "../session/session-operation";
import { columnsOf, flattenRow, resultRows, type Row } from "./table-rows";
import { csvStream, xlsxStream, type ExportFormat } from "./write-table";

/** Rows an export reads at most (every page up to this), `LUDEX_EXPORT_MAX_ROWS`. */
export function exportRowCap(): number {
  const configured = Number(process.env.LUDEX_EXPORT_MAX_ROWS);
  return Number.isInteger(configured) && configured > 0 ? configured : 5000;
}

/** What an export will read and cost, decided from the first page (a quote reads it, charged as one page). */
export interface ExportPlan {
  operation: string;
  format: ExportFormat;
  rows: number;
  pages: number;
  creditsPerPage: number;
  credits: number;
  cap: number;
  /** rows the result holds beyond the cap: left out of the file */
  leftOut: number;
}

interface ExportRequest {
  session: BrowserSession;
  sessionToken: string | null;
  operation: Operation;
  format: ExportFormat;
  params: Record<string, string>;
}

/**
 * The plan of an export, from its first page, read and charged as the API charges a page: a free read would
 * run paid work for nothing (the hole HEAD had, issue 13), so the price of a quote is one page.
 */
export async function quoteExport(request: ExportRequest): Promise<ExportPlan> {
  const first = await readPage(request, startOffset(request), "GET");
  return planOf(request, first);
}

/**
 * The export as a file stream: the first page is read (and charged) before the response starts, so the
 * operation's own validation errors come back as the error envelope; the remaining pages are read, and
 * charged one by one exactly as the API would charge them, while the file streams.
 */
export async function startExport(request: ExportRequest): Promise<{ plan: ExportPlan; body: ReadableStream<Uint8Array> }> {
  const offset = startOffset(request);
  const first = await readPage(request, offset, "GET");
  const plan = planOf(request, first);
  const firstRows = resultRows(request.operation.id, first.result.data).map((item) => flattenRow(item)).slice(0, plan.rows);
  const columns = columnsOf(firstRows);
  if (columns.length === 0) columns.push(...(request.operation.paginated ? ["appId"] : ["value"]));
  const pages = remainingPages(request, plan, offset, firstRows);
  const body = request.format === "csv" ? csvStream(columns, pages) : xlsxStream(columns, pages, request.operation.id);
  return { plan, body };
}

async function* remainingPages(request: ExportRequest, plan: ExportPlan, offset: number, firstRows: Row[]): AsyncGenerator<Row[]> {
  yield firstRows;
  let read = firstRows.length;
  for (let page = 1; page < plan.pages && read < plan.rows; page++) {
    const run = await readPage(request, offset + page * MAX_LIMIT, "GET");
    const rows = resultRows(request.operation.id, run.result.data).map((item) => flattenRow(item)).slice(0, plan.rows - read);
    if (rows.length === 0) return;
    read += rows.length;
    yield rows;
  }
}

function startOffset(request: ExportRequest): number {
  const raw = request.params.offset;
  if (raw === undefined) return 0;
  if (!/^\d{1,8}$/.test(raw)) throw new ApiError("BAD_REQUEST", "offset: must be a whole number of at least 0.", { param: "offset" });
  return Number(raw);
}

function readPage(request: ExportRequest, offset: number, method: "GET" | "HEAD"): Promise<SessionRun> {
  const { operation, params } = request;
  const input: Record<string, string> = { ...params };
  if (operation.paginated) Object.assign(input, { limit: String(MAX_LIMIT), offset: String(offset) });
  return runAsSession(request.session, request.sessionToken, { operation, ...splitParams(operation, input) }, "export", method);
}

function planOf(request: ExportRequest, first: SessionRun): ExportPlan {
  const cap = exportRowCap();
  const creditsPerPage = CREDIT_PRICES[request.operation.costClass];
  const pagination = first.result.pagination;
  const available = pagination ? Math.max(0, pagination.total - pagination.offset) : resultRows(request.operation.id, first.result.data).length;
  const rows = Math.min(available, cap);
  const pages = pagination ? Math.max(1, Math.ceil(rows / MAX_LIMIT)) : 1;
  return { operation: request.operation.id, format: request.format, rows, pages, creditsPerPage, credits: pages * creditsPerPage, cap, leftOut: available - rows };
}
