import type { PGlite } from "@electric-sql/pglite";

/**
 * Schedules whole protocol exchanges, not single messages, for PGlite's one session.
 *
 * pglite-socket's stock queue runs messages one by one in arrival order, so under queued load one
 * connection's Parse can land between another's Parse and Bind: wrong results, "portal does not exist",
 * "bind message supplies N parameters". Here the connection that starts an exchange owns the database
 * until it sends Sync or a simple Query completes, and, inside an explicit transaction, until the
 * transaction ends. If it disconnects mid-exchange, we send Sync and ROLLBACK for it.
 * PGlite has one session, so an owner that holds a transaction open and sends nothing (psql after
 * `BEGIN;`) would stop every other connection: once others wait and it has been idle for
 * `idleTransactionMs`, `onIdleTransaction` is told to end that connection (which rolls it back).
 * Implements the queue interface `PGLiteSocketHandler` expects.
 */
const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);
const ROLLBACK_MESSAGE = simpleQuery("ROLLBACK");

function simpleQuery(sql: string): Uint8Array {
  const text = new TextEncoder().encode(`${sql}\0`);
  const message = new Uint8Array(5 + text.length);
  message[0] = QUERY;
  new DataView(message.buffer).setInt32(1, 4 + text.length);
  message.set(text, 5);
  return message;
}

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

export class ExchangeScheduler {
  private owner: number | null = null;
  /**
   * Transaction status from the last ReadyForQuery ('Z') the database sent: 'I' idle, 'T' in a
   * transaction, 'E' in a failed one. PGlite's isInTransaction() is not updated by raw protocol streams.
   */
  private status = "I";
  /** owner sent extended-protocol messages not yet closed by Sync */
  private ownerMidExchange = false;
  private readonly waiting: Pending[] = [];
  private running = false;
  /** when the owner's last message finished while it kept the database (null: not idle, or no owner) */
  private ownerIdleSince: number | null = null;
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: PGlite,
    private readonly idle: { idleTransactionMs: number; onIdleTransaction(handlerId: number): void } = {
      idleTransactionMs: 0,
      onIdleTransaction: () => undefined,
    },
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ handlerId, message, onData, resolve, reject });
      if (handlerId === this.owner) this.ownerIdleSince = null;
      else this.watchIdleOwner();
      void this.drain();
    });
  }

  /** Someone waits on an owner that holds the database idle: end the owner once its idle time is up. */
  private watchIdleOwner(): void {
    if (this.idleTimer || this.ownerIdleSince === null || this.idle.idleTransactionMs <= 0) return;
    const wait = Math.max(0, this.ownerIdleSince + this.idle.idleTransactionMs - Date.now());
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      const owner = this.owner;
      if (owner === null || this.ownerIdleSince === null) return;
      if (this.waiting.some((p) => p.handlerId === owner) || !this.waiting.length) return;
      if (Date.now() - this.ownerIdleSince < this.idle.idleTransactionMs) return this.watchIdleOwner();
      this.ownerIdleSince = null;
      this.idle.onIdleTransaction(owner);
    }, wait);
    this.idleTimer.unref();
  }

  getQueueLength(): number {
    return this.waiting.length;
  }

  clearQueueForHandler(handlerId: number): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      if (this.waiting[i].handlerId === handlerId) this.waiting.splice(i, 1)[0].reject(new Error("Handler disconnected"));
    }
  }

  /** Called when a connection goes away: close what it left open, then let the others in. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      // Its last message may have finished meanwhile and handed the database to another connection.
      if (this.owner !== handlerId) return;
      if (this.ownerMidExchange) await this.db.execProtocolRaw(SYNC_MESSAGE);
      // Raw protocol, not db.exec(): exec takes the same exclusive lock and would wait on itself.
      if (this.status !== "I") await this.db.execProtocolRaw(ROLLBACK_MESSAGE);
      this.status = "I";
      this.release();
    });
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.nextRunnable(); next; next = this.nextRunnable()) {
        await this.run(next);
      }
    } finally {
      this.running = false;
    }
  }

  /** The owner's next message, or, with no owner, the oldest waiting one. */
  private nextRunnable(): Pending | undefined {
    const index = this.owner === null ? 0 : this.waiting.findIndex((p) => p.handlerId === this.owner);
    return index >= 0 && index < this.waiting.length ? this.waiting.splice(index, 1)[0] : undefined;
  }

  private async run(pending: Pending): Promise<void> {
    this.owner = pending.handlerId;
    this.ownerIdleSince = null;
    let bytes = 0;
    let tail: Uint8Array = new Uint8Array(0);
    try {
      await this.db.runExclusive(() =>
        this.db.execProtocolRawStream(pending.message, {
          onRawData: (data: Uint8Array) => {
            bytes += data.length;
            tail = lastBytes(tail, data, 6);
            pending.onData(data);
          },
        }),
      );
      this.status = readyStatus(tail) ?? this.status;
      this.afterMessage(pending.message);
      if (this.owner === pending.handlerId) {
        this.ownerIdleSince = Date.now();
        if (this.waiting.some((p) => p.handlerId !== pending.handlerId)) this.watchIdleOwner();
      }
      pending.resolve(bytes);
    } catch (error) {
      this.release();
      pending.reject(error as Error);
    }
  }

  private afterMessage(message: Uint8Array): void {
    const type = message[0];
    const closesExchange = type === SYNC || type === QUERY || type === TERMINATE || isUntyped(message);
    if (!closesExchange) {
      this.ownerMidExchange = true;
      return;
    }
    this.ownerMidExchange = false;
    if (type === TERMINATE || this.status === "I") this.release();
  }

  private release(): void {
    this.owner = null;
    this.ownerMidExchange = false;
    this.ownerIdleSince = null;
    clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
  }
}

/** A FATAL ErrorResponse, as PostgreSQL sends before it closes a connection itself. */
export function fatalError(code: string, message: string): Uint8Array {
  const fields = `SFATAL\0VFATAL\0C${code}\0M${message}\0\0`;
  const text = new TextEncoder().encode(fields);
  const out = new Uint8Array(5 + text.length);
  out[0] = 0x45; // 'E'
  new DataView(out.buffer).setInt32(1, 4 + text.length);
  out.set(text, 5);
  return out;
}

/** Startup, SSL and cancel requests carry no type byte: a length, then a protocol code. */
function isUntyped(message: Uint8Array): boolean {
  if (message.length < 8) return false;
  const length = new DataView(message.buffer, message.byteOffset).getInt32(0);
  return length === message.length;
}

function lastBytes(previous: Uint8Array, data: Uint8Array, count: number): Uint8Array {
  if (data.length >= count) return data.slice(data.length - count);
  const joined = new Uint8Array(previous.length + data.length);
  joined.set(previous);
  joined.set(data, previous.length);
  return joined.slice(Math.max(0, joined.length - count));
}

/** A response to Sync or Query ends with ReadyForQuery: 'Z', length 5, status byte. */
function readyStatus(tail: Uint8Array): string | undefined {
  const isReady = tail.length === 6 && tail[0] === 0x5a && tail[1] === 0 && tail[2] === 0 && tail[3] === 0 && tail[4] === 5;
  return isReady ? String.fromCharCode(tail[5]) : undefined;
}
