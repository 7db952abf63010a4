import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

const POOL_SIZE = Number(process.env.LUDEX_DB_POOL ?? 10);

// One client per process; Next's dev reloads re-evaluate modules, so it lives on globalThis.
const holder = globalThis as unknown as { ludexPrisma?: PrismaClient };

/** The Prisma client over DATABASE_URL (a PostgreSQL server, or the embedded PGlite socket). */
export function getPrisma(): PrismaClient {
  if (!holder.ludexPrisma) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error("DATABASE_URL is not set: start the server with `npm start`.");
    const adapter = new PrismaPg({ connectionString, max: POOL_SIZE });
    holder.ludexPrisma = new PrismaClient({
      adapter,
      // Embedded PGlite runs one transaction at a time: waiting for a slot can take a while.
      transactionOptions: { maxWait: 10_000, timeout: 20_000 },
    });
  }
  return holder.ludexPrisma;
}

export async function disconnectPrisma(): Promise<void> {
  await holder.ludexPrisma?.$disconnect();
  holder.ludexPrisma = undefined;
}
