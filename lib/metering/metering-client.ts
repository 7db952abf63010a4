import pg from "pg";
import { guardPool } from "../db/connection-fault";
import { connectTimeoutFor } from "../db/embedded-url";

const holder = globalThis as unknown as { ludexMeteringPool?: pg.Pool };

/**
 * The pool that charges credits: plain `pg` (array parameters for batched charges, no ORM on the hot
 * path). Every charge of a workspace updates the same counter row, so each waited for the previous one's
 * WAL flush while holding the row lock. These sessions commit asynchronously: the counter and ledger rows
 * still commit together, atomically; a server crash can only forget the last fraction of a second of
 * charges, in the customer's favour. (PGlite accepts and ignores the option.)
 */
export function getMeteringPool(): pg.Pool {
  if (!holder.ludexMeteringPool) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set: start the server with `npm start`.");
    const pool = new pg.Pool({ connectionString, max: 10, options: "-c synchronous_commit=off", connectionTimeoutMillis: connectTimeoutFor(connectionString) });
    holder.ludexMeteringPool = guardPool(pool, "metering pool");
  }
  return holder.ludexMeteringPool;
}
