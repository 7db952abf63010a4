import { z } from "zod";
import { integerParam } from "./query-params";

export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

/** `limit` and `offset`, shared by every list operation's query schema. */
export const pageQuery = {
  limit: integerParam({ min: 1, max: MAX_LIMIT })
    .prefault(DEFAULT_LIMIT)
    .meta({ description: `Page size, 1 to ${MAX_LIMIT}.` }),
  offset: integerParam({ min: 0, max: 10_000_000 })
    .prefault(0)
    .meta({ description: "Offset of the first item; send the previous page's `nextOffset`." }),
};

export const paginationSchema = z
  .object({
    limit: z.number().int().meta({ description: "Page size in effect." }),
    offset: z.number().int().meta({ description: "Offset of the first item in this page." }),
    total: z.number().int().meta({ description: "Total number of items available." }),
    nextOffset: z
      .number()
      .int()
      .optional()
      .meta({ description: "Offset of the next page; present only when there is one." }),
  })
  .meta({ id: "Pagination" });

export type Pagination = z.infer<typeof paginationSchema>;

export function buildPagination(limit: number, offset: number, total: number): Pagination {
  const next = offset + limit;
  return next < total ? { limit, offset, total, nextOffset: next } : { limit, offset, total };
}
