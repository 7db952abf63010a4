import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { FaultScript } from "./fault-script";
import type { RateGate } from "./rate-gate";
import type { TrafficLog } from "./traffic-log";
import type { FaultKind, LimitName, LoggedRequest, SteamHost } from "./types";

export interface Reply {
  status: number;
  body: string;
  /** the host's JSON type when omitted */
  contentType?: string;
  headers?: Record<string, string>;
}

/** One host's endpoints: what a request names (for the log, faults and limits) and its answer. */
export interface HostRoutes {
  host: SteamHost;
  contentType: string;
  /** what the host answers a client over its limit */
  overLimit: Reply;
  describe(url: URL): { appIds: number[]; page?: number; bucket: LimitName };
  answer(url: URL): Reply;
}

export interface HostContext {
  gate: RateGate;
  faults: FaultScript;
  log: TrafficLog;
  clock: () => number;
}

export interface RunningHost {
  url: string;
  close(): Promise<void>;
}

const HTML = "text/html; charset=UTF-8";

/** Serves one host on a free loopback port: log, then limits, then scripted faults, then the answer. */
export async function startHost(routes: HostRoutes, context: HostContext): Promise<RunningHost> {
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => handle(routes, context, timers, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function handle(routes: HostRoutes, context: HostContext, timers: Set<NodeJS.Timeout>, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://replay.invalid");
  const { appIds, page, bucket } = routes.describe(url);
  const entry: LoggedRequest = {
    host: routes.host,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    appIds,
    status: 0,
    limited: false,
    at: context.clock(),
    address: (req.socket.remoteAddress ?? "").replace(/^::ffff:/, ""),
  };
  context.log.add(entry);
  const verdict = context.gate.check(routes.host, bucket, entry.address, entry.at);
  if (verdict === "blocked") return send(res, entry, { status: 403, body: "" });
  if (verdict === "rate") return overLimit(res, entry, routes);
  const fault = context.faults.take({ host: routes.host, path: url.pathname, appIds, page });
  const answer = () => safeAnswer(routes, url);
  if (!fault) return send(res, entry, answer(), routes.contentType);
  applyFault(fault, { res, entry, answer, routes, timers, rateLimited: () => context.gate.coolDown(bucket, entry.address, entry.at) });
}

interface FaultTarget {
  res: ServerResponse;
  entry: LoggedRequest;
  answer: () => Reply;
  routes: HostRoutes;
  timers: Set<NodeJS.Timeout>;
  rateLimited: () => void;
}

function applyFault(kind: FaultKind, { res, entry, answer, routes, timers, rateLimited }: FaultTarget) {
  switch (kind.type) {
    case "status":
      return send(res, entry, { status: kind.status, body: `<html><body><h1>${kind.status}</h1></body></html>`, contentType: HTML });
    case "body":
      return send(res, entry, { status: kind.status ?? 200, body: kind.body }, routes.contentType);
    case "rate":
      if (kind.coolDown !== false) rateLimited();
      return overLimit(res, entry, routes);
    case "reset":
      entry.status = 0;
      return res.socket?.destroy();
    case "delay": {
      const timer = setTimeout(() => {
        timers.delete(timer);
        send(res, entry, answer(), routes.contentType);
      }, kind.ms);
      timers.add(timer);
      return;
    }
    case "truncate":
      return truncate(res, entry, answer(), routes.contentType);
  }
}

function overLimit(res: ServerResponse, entry: LoggedRequest, routes: HostRoutes) {
  entry.limited = true;
  send(res, entry, routes.overLimit, routes.contentType);
}

/** A whole Content-Length, half the body, then the connection ends: the client reads a cut-off JSON. */
function truncate(res: ServerResponse, entry: LoggedRequest, reply: Reply, contentType: string) {
  const body = Buffer.from(reply.body);
  entry.status = reply.status;
  res.writeHead(reply.status, { ...reply.headers, "content-type": reply.contentType ?? contentType, "content-length": body.length });
  res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.socket?.end());
}

function send(res: ServerResponse, entry: LoggedRequest, reply: Reply, contentType?: string) {
  entry.status = reply.status;
  if (res.destroyed) return; // the client gave up (a delay fault outlived its timeout)
  const body = Buffer.from(reply.body);
  const headers: Record<string, string | number> = { ...reply.headers, "content-length": body.length };
  const type = reply.contentType ?? (reply.body ? contentType : undefined);
  if (type) headers["content-type"] = type;
  res.writeHead(reply.status, headers);
  res.end(body);
}

function safeAnswer(routes: HostRoutes, url: URL): Reply {
  try {
    return routes.answer(url);
  } catch (error) {
    // a replay bug must show in the test output, not pass as a scripted 500
    console.error(`steam replay (${routes.host}) failed on ${url.pathname}${url.search}:`, error);
    return { status: 500, body: "", contentType: HTML };
  }
}
