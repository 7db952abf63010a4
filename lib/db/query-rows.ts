import type { Prisma } from "./generated/client";
import { getPool } from "./prisma-client";

/**
 * A Prisma.sql statement sent through the plain pg pool (getPool): the same text and values, rows as the
 * driver parses them (ints, floats, arrays and JSON alike). For hot reads: Prisma's per-value conversion
 * of a 25-game page cost about 0.7 ms of server CPU more than this (docs/benchmarks.md "Lists").
 */
export async function queryRows<T>(statement: Prisma.Sql): Promise<T[]> {
  return (await getPool().query({ text: statement.text, values: statement.values })).rows as T[];
}
