import { requestSignal } from "../abort-links";

/**
 * One GET of a source's JSON, with a time limit, classified the way the sync must react: a 429 slows the host
 * down, a 403 stops it, a 5xx, a dropped connection, a timeout or a body that is not whole JSON is worth a
 * retry, anything else is the request's own fault and is not retried.
 */
export type FailureType = "throttled" | "blocked" | "transient" | "rejected";

export class SourceFailure extends Error {
  constructor(
    readonly type: FailureType,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "SourceFailure";
  }
}

export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** Bodies larger than this are refused (a full app-list page is about 4 MB). */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface GetJsonOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  /** the URL carries STEAM_API_KEY: a 401 or 403 means the key was refused, not that the host blocks us */
  keyed?: boolean;
  /** statuses answered with a JSON body the caller reads (GetNumberOfCurrentPlayers' 404 with result 42) */
  acceptStatuses?: number[];
}

export async function getJson(url: string, options: GetJsonOptions): Promise<JsonAnswer> {
  const request = requestSignal(options.signal, options.timeoutMs);
  try {
    return await answerOf(url, options, request);
  } finally {
    request.done();
  }
}

async function answerOf(url: string, options: GetJsonOptions, request: ReturnType<typeof requestSignal>): Promise<JsonAnswer> {
  const where = describe(url);
  let response: Response;
  try {
    response = await fetch(url, { signal: request.signal, redirect: "error", headers: { accept: "application/json" } });
  } catch (error) {
    throw networkFailure(error, where, options, request.timedOut());
  }
  const failure = statusFailure(response.status, where, options);
  if (failure) {
    await response.body?.cancel().catch(() => undefined);
    throw failure;
  }
  const text = await readBody(response, where, options, request.timedOut);
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    const start = JSON.stringify(text.slice(0, 60));
    throw new SourceFailure("transient", `${where}: the answer is not whole JSON (${text.length} bytes, starting ${start})`, response.status);
  }
}

function statusFailure(status: number, where: string, options: GetJsonOptions): SourceFailure | null {
  if (status === 429) return new SourceFailure("throttled", `${where}: 429 Too Many Requests`, status);
  if (options.keyed && (status === 401 || status === 403)) return new SourceFailure("rejected", `${where}: ${status}: STEAM_API_KEY was refused`, status);
  if (status === 403) return new SourceFailure("blocked", `${where}: 403 Forbidden (the host refuses this address)`, status);
  if (status >= 500) return new SourceFailure("transient", `${where}: ${status} from the source`, status);
  if (status >= 200 && status < 300) return null;
  if (options.acceptStatuses?.includes(status)) return null;
  return new SourceFailure("rejected", `${where}: ${status}`, status);
}

async function readBody(response: Response, where: string, options: GetJsonOptions, timedOut: () => boolean): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw new SourceFailure("rejected", `${where}: body of ${declared} bytes is over the limit`, response.status);
  try {
    return await response.text();
  } catch (error) {
    throw networkFailure(error, where, options, timedOut());
  }
}

function networkFailure(error: unknown, where: string, options: GetJsonOptions, timedOut: boolean): Error {
  if (options.signal?.aborted) return options.signal.reason instanceof Error ? options.signal.reason : new Error("stopped");
  if (timedOut) return new SourceFailure("transient", `${where}: no whole answer within ${options.timeoutMs} ms`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return new SourceFailure("transient", `${where}: ${cause?.code ?? cause?.message ?? (error as Error).message}`);
}

/** The URL without its key, for messages and logs. */
export function describe(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete("key");
  return `${parsed.host}${parsed.pathname}${parsed.search}`;
}
