import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../db/generated/client";

const holder = globalThis as unknown as { ludexMeteringPrisma?: PrismaClient };

/**
 * The client that charges credits. Every charge of a workspace updates the same counter row, so each
 * waited for the previous one's WAL flush while holding the row lock (half of all waits in the
 * benchmark). These sessions commit asynchronously: the counter and ledger row still commit together,
 * atomically; a server crash can only forget the last fraction of a second of charges, in the
 * customer's favour. (PGlite accepts and ignores the option.)
 */
export function getMeteringPrisma(): PrismaClient {
  if (!holder.ludexMeteringPrisma) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set: start the server with `npm start`.");
    const adapter = new PrismaPg({ connectionString, max: 10, options: "-c synchronous_commit=off" });
    holder.ludexMeteringPrisma = new PrismaClient({ adapter });
  }
  return holder.ludexMeteringPrisma;
}
