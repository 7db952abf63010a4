import { PrismaPg } from "@prisma/adapter-pg";
import { attachDatabasePool } from "@vercel/functions";
import pg from "pg";
import { guardPool } from "./connection-fault";
import { connectTimeoutFor, isEmbeddedUrl } from "./embedded-url";
import { PrismaClient } from "./generated/client";

const POOL_SIZE = Number(process.env.LUDEX_DB_POOL ?? 10);

// One client and one pool per process; Next's dev reloads re-evaluate modules, so they live on globalThis.
const holder = globalThis as unknown as { ludexPrisma?: PrismaClient; ludexPool?: pg.Pool; ludexSharedSession?: Promise<boolean> };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: start the server with `npm start`.");
  return url;
}

/**
 * Session settings for a real PostgreSQL server (the embedded one has no JIT and ignores startup options).
 * JIT off: our statements are short, and compiling a plan whose cost estimate crosses jit_above_cost took
 * longer than running it (94 of 209 ms for a 10-title comparison).
 */
function serverOptions(url: string): { options?: string } {
  return isEmbeddedUrl(url) ? {} : { options: "-c jit=off" };
}

/** The Prisma client over DATABASE_URL (a PostgreSQL server, or the embedded PGlite socket). */
export function getPrisma(): PrismaClient {
  if (!holder.ludexPrisma) {
    const connectionString = databaseUrl();
    const config = { connectionString, max: POOL_SIZE, ...serverOptions(connectionString) };
    // Our own pool, guarded like the others (a connection dropped while idle is logged, never uncaught) and
    // attached to the platform; Prisma ends it on $disconnect.
    const adapter = new PrismaPg(platformPool(config, "prisma pool"), { disposeExternalPool: true });
    holder.ludexPrisma = new PrismaClient({
      adapter,
      // PGlite runs one transaction at a time for all connections: waiting for a slot can take a while.
      ...(isEmbeddedUrl(connectionString) ? { transactionOptions: { maxWait: 10_000, timeout: 20_000 } } : {}),
    });
  }
  return holder.ludexPrisma;
}

/** A pg pool on the same database and size, for raw SQL on hot paths. */
export function getPool(): pg.Pool {
  if (!holder.ludexPool) {
    const connectionString = databaseUrl();
    holder.ludexPool = platformPool({ connectionString, max: POOL_SIZE, ...serverOptions(connectionString) }, "query pool");
  }
  return holder.ludexPool;
}

/**
 * A name for a hot statement prepared once per connection (PostgreSQL then parses it once and reuses its
 * plan), or undefined on PGlite: it has one session for every socket connection, so two connections
 * preparing the same name would collide there. Asked of the server itself, once per process (a second
 * process pointed at the embedded socket cannot tell it from the URL).
 */
export function preparedName(name: string): Promise<string | undefined> {
  holder.ludexSharedSession ??= getPool()
    .query<{ version: string }>("SELECT version()")
    .then(({ rows }) => /PGlite/.test(rows[0]?.version ?? ""))
    .catch((error: unknown) => {
      holder.ludexSharedSession = undefined; // asked again on the next call; this one runs unprepared
      throw error;
    });
  return holder.ludexSharedSession.then((shared) => (shared ? undefined : name));
}

/**
 * A pool that a serverless platform can suspend safely: on Vercel, idle connections close after 5 s and
 * attachDatabasePool keeps the function instance alive until they have (it does nothing elsewhere), so a
 * frozen instance does not hold connections the database counts against its limit.
 */
function platformPool(config: pg.PoolConfig, name: string): pg.Pool {
  const idle = process.env.VERCEL === "1" ? { idleTimeoutMillis: 5_000 } : {};
  const pool = guardPool(new pg.Pool({ ...config, connectionTimeoutMillis: connectTimeoutFor(String(config.connectionString)), ...idle }), name);
  attachDatabasePool(pool);
  return pool;
}

export async function disconnectPrisma(): Promise<void> {
  const { ludexPrisma, ludexPool } = holder;
  holder.ludexPrisma = undefined;
  holder.ludexPool = undefined;
  await Promise.all([ludexPrisma?.$disconnect(), ludexPool?.end()]);
}
