import { createConnection, createServer, type Server, type Socket } from "node:net";

/**
 * A TCP proxy between a server under test and its database, which the test can cut: drop every
 * connection (a restart, a network cut: the database sees its clients vanish, the server sees
 * "Connection terminated"), or stop listening altogether (database unreachable: ECONNREFUSED), then open
 * again on the same port (recovery without a restart). Works the same for a PostgreSQL server and the
 * embedded PGlite socket, and touches no other test's connections.
 */
export class FaultProxy {
  private server?: Server;
  private readonly sockets = new Set<Socket>();
  private trap?: { marker: string; upstream?: Socket; sprung: () => void };
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Starts (or restarts, on the same port) accepting connections. */
  async open(): Promise<void> {
    const server = createServer((client) => this.pipe(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  /** Cuts every open connection, both ways; new ones are still accepted. */
  dropAll(): number {
    const count = this.sockets.size;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    return count;
  }

  /** Stops listening and cuts everything: connecting is refused until open() again. */
  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    this.dropAll();
    await closed;
  }

  /**
   * The database goes away between two statements of one call: the first statement whose text contains
   * `marker` goes through and commits; as its reply comes back the proxy stops listening and cuts every
   * other connection, then hands the reply over and cuts that one too. The server sees the statement
   * succeed and whatever comes next refused. Resolves once sprung; open() brings the database back.
   */
  cutAfterReplyTo(marker: string): Promise<void> {
    return new Promise((sprung) => {
      this.trap = { marker, sprung };
    });
  }

  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(this.port);
    return proxied.toString();
  }

  private pipe(client: Socket) {
    const upstream = createConnection(this.target);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("error", () => undefined);
      socket.on("close", () => {
        this.sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    // After the trap springs on this pair nothing more passes: what the server sends next goes nowhere.
    let severed = false;
    client.on("data", (chunk: Buffer) => {
      if (severed) return;
      if (this.trap && !this.trap.upstream && chunk.includes(this.trap.marker)) this.trap.upstream = upstream;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (severed) return;
      if (this.trap?.upstream !== upstream) return void client.write(chunk);
      const { sprung } = this.trap;
      this.trap = undefined;
      severed = true;
      this.server?.close();
      this.server = undefined;
      for (const socket of this.sockets) if (socket !== client && socket !== upstream) socket.destroy();
      client.write(chunk, () => setTimeout(() => (client.destroy(), sprung()), 50));
    });
  }
}
