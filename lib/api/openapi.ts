import { z } from "zod";
import { envelopeSchema, errorSchema } from "./envelope";
import { ERROR_DESCRIPTIONS, ERROR_STATUS, type ErrorCode } from "./error-codes";
import { COST_CLASS_LABELS, type Operation } from "./operation";
import { listItemSchemas } from "./query-params";

type JsonSchema = Record<string, unknown>;
const SCHEMA_REF = (id: string) => `#/components/schemas/${id}`;

/** The OpenAPI 3.1 document, generated from the operation registry so it cannot drift from the code. */
export function buildOpenApiDocument(operations: Operation[]) {
  const schemas: Record<string, JsonSchema> = {};
  const paths: Record<string, Record<string, unknown>> = {};
  addSchema(schemas, "Error", errorSchema);
  for (const operation of operations) {
    const responseId = `${operation.id[0].toUpperCase()}${operation.id.slice(1)}Response`;
    addSchema(schemas, responseId, envelopeSchema(operation.data, operation.paginated));
    paths[operation.path] ??= {};
    paths[operation.path][operation.method.toLowerCase()] = describeOperation(operation, responseId);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Ludex API",
      version: "1.0.0",
      description:
        "Game-market data on the real Steam catalog. Every success is `{data, meta, pagination?, warnings?}`; every error is `{error: {code, message, param?, requestId}}`. Each operation states its cost class in `x-cost-class`; responses to a bearer token carry the credit quota in `meta.quota` (schema `Quota`).",
    },
    servers: [{ url: "/api/v1" }],
    tags: [...new Set(operations.map((op) => op.group))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: errorResponses(),
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`ldx_...`) or a CLI credential (`ldxc_...`). Without one, read operations answer with the anonymous preview (`meta.preview`).",
        },
      },
      headers: {
        RequestId: { description: "`req_<id>`, the same as `meta.requestId`.", schema: { type: "string" } },
        RateLimit: {
          description: 'IETF RateLimit field: `"<policy>";r=<remaining>;t=<seconds to reset>`.',
          schema: { type: "string" },
        },
        RateLimitPolicy: {
          description: 'IETF RateLimit-Policy field: `"<policy>";q=<requests>;w=<window seconds>`.',
          schema: { type: "string" },
        },
      },
    },
  };
}

/** Converts one schema; its named parts (`.meta({id})`) become shared components referenced by `$ref`. */
function addSchema(schemas: Record<string, JsonSchema>, id: string, schema: z.ZodType) {
  const json = z.toJSONSchema(schema, { target: "draft-2020-12", io: "output", unrepresentable: "any" }) as JsonSchema;
  const rewritten = JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  const { $defs, $schema: _, ...root } = rewritten as JsonSchema & { $defs?: Record<string, JsonSchema>; $schema?: string };
  Object.assign(schemas, $defs ?? {});
  // A schema that carries its own id converts to a bare reference to itself: its body is already in $defs.
  if (root.$ref !== `#/components/schemas/${id}`) schemas[id] = root;
}

function describeOperation(operation: Operation, responseId: string) {
  return {
    operationId: operation.id,
    summary: operation.summary,
    description: `${operation.description}\n\nCost class: ${COST_CLASS_LABELS[operation.costClass]}.`,
    tags: [operation.group],
    "x-cost-class": operation.costClass,
    "x-scope": operation.scope,
    security: operation.anonymous === "preview" ? [{ bearerAuth: [] }, {}] : [{ bearerAuth: [] }],
    parameters: operationParameters(operation),
    responses: {
      "200": {
        description: "Success envelope.",
        headers: {
          "Request-Id": { $ref: "#/components/headers/RequestId" },
          RateLimit: { $ref: "#/components/headers/RateLimit" },
          "RateLimit-Policy": { $ref: "#/components/headers/RateLimitPolicy" },
        },
        content: { "application/json": { schema: { $ref: SCHEMA_REF(responseId) } } },
      },
      ...Object.fromEntries(errorCodesOf(operation).map((code) => [String(ERROR_STATUS[code]), { $ref: `#/components/responses/${statusName(ERROR_STATUS[code])}` }])),
    },
  };
}

function errorCodesOf(operation: Operation): ErrorCode[] {
  const codes: ErrorCode[] = ["BAD_REQUEST", "UNAUTHORIZED", "PLAN_REQUIRED", "FORBIDDEN"];
  if (Object.keys(operation.params.shape).length > 0) codes.push("NOT_FOUND");
  codes.push("METHOD_NOT_ALLOWED", "RATE_LIMITED", "INTERNAL_ERROR", "SERVICE_UNAVAILABLE");
  return codes;
}

/** An operation's path and query parameters with their JSON schemas (also the MCP tools' input, lib/mcp). */
export function operationParameters(operation: Pick<Operation, "params" | "query">) {
  return [...parameters(operation.params, "path"), ...parameters(operation.query, "query")];
}

function parameters(schema: z.ZodObject, location: "path" | "query") {
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => {
    const item = listItemSchemas.get(field);
    const description = (field.meta()?.description as string | undefined) ?? undefined;
    const jsonSchema = item
      ? { type: "array", items: toParameterSchema(item), minItems: 1, maxItems: 50 }
      : toParameterSchema(field);
    delete jsonSchema.description;
    return {
      name,
      in: location,
      required: location === "path" || !field.safeParse(undefined).success,
      ...(description ? { description } : {}),
      schema: jsonSchema,
      ...(item ? { style: "form", explode: false } : {}),
    };
  });
}

function toParameterSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete json.$schema;
  return json;
}

const STATUS_NAMES: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  402: "PaymentRequired",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  429: "TooManyRequests",
  500: "InternalError",
  503: "ServiceUnavailable",
};

function statusName(status: number): string {
  return STATUS_NAMES[status];
}

function errorResponses() {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const [code, status] of Object.entries(ERROR_STATUS) as [ErrorCode, number][]) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      statusName(status),
      {
        description: codes.map((code) => `\`${code}\`: ${ERROR_DESCRIPTIONS[code]}`).join(" "),
        headers: {
          "Request-Id": { $ref: "#/components/headers/RequestId" },
          ...(status === 429 || status === 503 ? { "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } } } : {}),
        },
        content: { "application/json": { schema: { $ref: SCHEMA_REF("Error") } } },
      },
    ]),
  );
}
