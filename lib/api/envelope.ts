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

export const quotaSchema = z
  .object({
    plan: z.string().meta({ description: "The workspace's plan." }),
    used: z.number().int().meta({ description: "Credits used this billing period, this call included." }),
    limit: z.number().int().meta({ description: "The period's allowance: plan (or custom) credits plus grants in force." }),
    remaining: z.number().int(),
    resetsAt: z.string().meta({ description: "When the allowance resets: 00:00 UTC on the 1st." }),
    charged: z.number().int().meta({ description: "Credits this call cost (0 for Free operations and refunded failures)." }),
  })
  .meta({ id: "Quota", description: "Credit quota of the calling workspace; on every response to a bearer token." });

export const metaSchema = z
  .looseObject({
    requestId: z.string().meta({ description: "`req_<id>`; also sent as the `Request-Id` header." }),
    generatedAt: z.string().meta({ description: "ISO 8601 UTC with milliseconds." }),
    quota: quotaSchema.optional(),
    preview: z.boolean().optional().meta({ description: "`true` when the anonymous public preview answered." }),
    locked: z
      .array(z.string())
      .optional()
      .meta({ description: "Preview only: fields returned `null` because they are above the preview." }),
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
