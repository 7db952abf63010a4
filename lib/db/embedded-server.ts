import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import { DataFolderLocked, lockDataFolder } from "./data-folder-lock";
import { ExchangeScheduler, fatalError } from "./exchange-scheduler";

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

// Above the app's pool (10), the admin command, psql and a benchmark's pool together.
const MAX_CONNECTIONS = 64;
/** How long a connection may hold a transaction open, sending nothing, while others wait for the database. */
export const IDLE_TRANSACTION_MS = Number(process.env.LUDEX_IDLE_TRANSACTION_TIMEOUT_MS ?? 5_000);

export function embeddedInfoPath(dataDir: string): string {
  return join(resolve(dataDir), "embedded.json");
}

/**
 * PGlite in `<dataDir>/pgdata`, served over a local Postgres socket so every process (the Next server,
 * the admin command, psql, benchmarks) speaks the Postgres protocol to it. PGlite allows one process.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port?: number; host?: string }): Promise<EmbeddedPostgres> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const lock = await lockDataFolder(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create({ dataDir: join(dataDir, "pgdata"), extensions: { pg_trgm } });
  } catch (error) {
    await lock.release();
    throw error;
  }
  const connections = new Map<number, { socket: Socket; handler: PGLiteSocketHandler }>();
  const scheduler = new ExchangeScheduler(db, {
    idleTransactionMs: IDLE_TRANSACTION_MS,
    onIdleTransaction: (handlerId) => endIdleConnection(connections.get(handlerId)),
  });
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    // A client that vanishes (killed, network cut) resets its socket: not our error, and never uncaught.
    socket.on("error", () => socket.destroy());
    const handler = new PGLiteSocketHandler({ queryQueue: scheduler as never, closeOnDetach: true });
    connections.set(handler.handlerId, { socket, handler });
    socket.on("close", () => {
      sockets.delete(socket);
      connections.delete(handler.handlerId);
    });
    void handler.attach(socket);
  });
  server.maxConnections = MAX_CONNECTIONS;
  const host = opts.host ?? "127.0.0.1";
  const port = await listen(server, opts.port ?? 0, host);
  const url = `postgres://postgres@${host}:${port}/postgres?sslmode=disable`;
  writeFileSync(embeddedInfoPath(dataDir), JSON.stringify({ url, pid: process.pid }));

  let stopped = false;
  return {
    url,
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      rmSync(embeddedInfoPath(dataDir), { force: true });
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
      await db.close();
      await lock.release();
    },
  };
}

/** The URL of the embedded server already running for `dataDir`, if one answers. */
export async function findRunningEmbedded(dataDir: string): Promise<string | null> {
  const path = embeddedInfoPath(dataDir);
  if (!existsSync(path)) return null;
  try {
    const { url, pid } = JSON.parse(readFileSync(path, "utf8")) as { url: string; pid: number };
    process.kill(pid, 0);
    const { hostname, port } = new URL(url);
    return (await answers(hostname, Number(port))) ? url : null;
  } catch {
    return null;
  }
}

/**
 * The embedded server for `dataDir`: the one already running (another process's), or one started here.
 * Two processes starting at the same moment: the one that loses the folder's lock joins the winner.
 */
export async function openOrJoinEmbedded(opts: { dataDir: string; port?: number }): Promise<{ url: string; embedded?: EmbeddedPostgres }> {
  const running = await findRunningEmbedded(opts.dataDir);
  if (running) return { url: running };
  try {
    const embedded = await startEmbeddedPostgres(opts);
    return { url: embedded.url, embedded };
  } catch (error) {
    if (!(error instanceof DataFolderLocked)) throw error;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, 250));
      const url = await findRunningEmbedded(opts.dataDir);
      if (url) return { url };
    }
    throw error;
  }
}

/** A connection idle inside a transaction while others wait: told why, then closed (its transaction rolls back). */
function endIdleConnection(connection: { socket: Socket; handler: PGLiteSocketHandler } | undefined) {
  if (!connection) return;
  const seconds = IDLE_TRANSACTION_MS / 1000;
  console.warn(`[embedded] closing a connection idle in a transaction for over ${seconds} s while others waited (rolled back)`);
  if (connection.socket.writable) {
    connection.socket.write(fatalError("25P03", `terminating connection due to idle-in-transaction timeout (${seconds} s while other connections waited; the embedded database has one session)`));
  }
  void connection.handler.detach(true);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, () => done((server.address() as { port: number }).port));
  });
}

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ host, port }, () => {
      socket.destroy();
      done(true);
    });
    socket.once("error", () => done(false));
    socket.setTimeout(1_000, () => {
      socket.destroy();
      done(false);
    });
  });
}
