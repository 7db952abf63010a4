import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketHandler } from "@electric-sql/pglite-socket";
import { ExchangeScheduler } from "./exchange-scheduler";

export interface EmbeddedPostgres {
  url: string;
  port: number;
  stop(): Promise<void>;
}

// Above the app's pool (10), the admin command, psql and a benchmark's pool together.
const MAX_CONNECTIONS = 64;

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
  refuseIfHeld(dataDir);
  const db = await PGlite.create({ dataDir: join(dataDir, "pgdata"), extensions: { pg_trgm } });
  const scheduler = new ExchangeScheduler(db);
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A client that vanishes (killed, network cut) resets its socket: not our error, and never uncaught.
    socket.on("error", () => socket.destroy());
    const handler = new PGLiteSocketHandler({ queryQueue: scheduler as never, closeOnDetach: true });
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

/** PGlite allows one process per folder: a second one would corrupt it. */
function refuseIfHeld(dataDir: string) {
  const path = embeddedInfoPath(dataDir);
  if (!existsSync(path)) return;
  try {
    const { pid } = JSON.parse(readFileSync(path, "utf8")) as { pid: number };
    if (pid !== process.pid && isAlive(pid)) {
      throw new Error(`the embedded database in ${dataDir} is held by process ${pid}; connect through it, or stop it first`);
    }
  } catch (error) {
    if ((error as Error).message.startsWith("the embedded database")) throw error;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
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
