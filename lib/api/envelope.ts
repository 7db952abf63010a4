import { z } from "zod";
import type { ApiError } from "./api-error";
import { paginationSchema, type Pagination } from "./pagination";

export const warningSchema = z
  .object({
    code: z.string().meta({ description: "Stable machine-readable warning code." }),
    message: z.string(),
  })
  .meta({ id: "Warning" });

export type Warning = z.infer<typeof warningSchema>;

export const metaSchema = z
  .looseObject({
    requestId: z.string().meta({ description: "`req_<id>`; also sent as the `Request-Id` header." }),
    generatedAt: z.string().meta({ description: "ISO 8601 UTC with milliseconds." }),
  })
  .meta({ id: "Meta", description: "Request metadata; some operations add objects (entitlement, quota, timing)." });

export const errorSchema = z
  .looseObject({
    error: z.looseObject({
      code: z.string(),
      message: z.string(),
      param: z.string().optional(),
      requestId: z.string(),
    }),
  })
  .meta({ id: "Error" });

/** The success envelope around one operation's `data` schema. */
export function envelopeSchema(data: z.ZodType, paginated: boolean) {
  return z.object({
    data,
    meta: metaSchema,
    ...(paginated ? { pagination: paginationSchema } : {}),
    warnings: z.array(warningSchema).optional(),
  });
}

export interface SuccessBody {
  data: unknown;
  pagination?: Pagination;
  warnings?: Warning[];
  meta?: Record<string, unknown>;
}

export function successEnvelope(body: SuccessBody, requestId: string, now = new Date()) {
  return {
    data: body.data,
    meta: { requestId, generatedAt: now.toISOString(), ...body.meta },
    ...(body.pagination ? { pagination: body.pagination } : {}),
    ...(body.warnings?.length ? { warnings: body.warnings } : {}),
  };
}

export function errorEnvelope(error: ApiError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      ...error.details,
      requestId,
    },
  };
}
