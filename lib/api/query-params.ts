import { z } from "zod";
import { ApiError, badRequest } from "./api-error";

const MAX_LIST_ITEMS = 50;

const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?(\d+(\.\d+)?|\.\d+)$/;

interface NumberBounds {
  min: number;
  max: number;
}

/**
 * A whole-number parameter (query or path) written in plain decimal digits, e.g. `limit`, `offset`,
 * `appId`, `reviewsMin`. Unlike `z.coerce.number()` (which is `Number()`), `0x10`, `1e1`, `570.0`,
 * ` 570` and an empty value are BAD_REQUEST naming the parameter instead of silently becoming 16, 10,
 * 570 or 0. The OpenAPI document shows it as an integer with its bounds. Chain `.optional()`, or
 * `.prefault(n)` for a default (zod leaves `.default()` out of the input schema of a preprocessed value).
 */
export function integerParam({ min, max }: NumberBounds) {
  return z.preprocess(strictNumber(INTEGER_TEXT, "expected a whole number in decimal digits"), z.number().int().min(min).max(max));
}

/** A decimal-number parameter (`0.9`, `1`, `.5`): the same strictness as `integerParam`, documented as a number. */
export function decimalParam({ min, max }: NumberBounds) {
  return z.preprocess(strictNumber(DECIMAL_TEXT, "expected a decimal number such as 0.9"), z.number().min(min).max(max));
}

function strictNumber(pattern: RegExp, message: string) {
  return (value: unknown, ctx: z.core.$RefinementCtx) => {
    if (typeof value !== "string") return value;
    if (!pattern.test(value)) {
      ctx.addIssue({ code: "custom", message, input: value });
      return z.NEVER;
    }
    return Number(value);
  };
}

/** List parameters and their item schema, so parsing and the OpenAPI document treat them as arrays. */
export const listItemSchemas = new WeakMap<z.ZodType, z.ZodType>();

/** A comma-separated (or repeated) list parameter: `tags=rpg,indie` or `tags=rpg&tags=indie`. */
export function listParam<T extends z.ZodType>(item: T, description: string) {
  const schema = z
    .preprocess(
      (value) =>
        String(value)
          .split(",")
          .map((part) => part.trim())
          .filter((part) => part.length > 0),
      z.array(item).min(1, "needs at least one value").max(MAX_LIST_ITEMS),
    )
    .optional()
    .meta({ description });
  listItemSchemas.set(schema, item);
  return schema;
}

export function isListParam(schema: z.ZodType): boolean {
  return listItemSchemas.has(schema);
}

/** Validates URL search parameters against an operation's query schema; unknown names are errors. */
export function parseQuery<S extends z.ZodObject>(schema: S, params: URLSearchParams): z.output<S> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const raw: Record<string, string> = {};
  for (const name of new Set(params.keys())) {
    const field = shape[name];
    if (!field) throw unknownParameter(name, Object.keys(shape));
    const values = params.getAll(name);
    if (values.length > 1 && !isListParam(field)) {
      throw badRequest(`Parameter '${name}' was given more than once.`, name);
    }
    raw[name] = values.join(",");
  }
  return parseWith(schema, raw);
}

/** Validates path parameters (already decoded by the router). */
export function parsePathParams<S extends z.ZodObject>(schema: S, params: Record<string, string | string[]>) {
  return parseWith(schema, params);
}

function parseWith<S extends z.ZodObject>(schema: S, raw: Record<string, unknown>): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const param = issue.path.length > 0 ? String(issue.path[0]) : undefined;
  throw badRequest(describeIssue(issue, param, raw), param);
}

function describeIssue(issue: z.core.$ZodIssue, param: string | undefined, raw: Record<string, unknown>) {
  const name = param ?? "request";
  const given = param !== undefined && raw[param] !== undefined ? ` (got '${String(raw[param]).slice(0, 80)}')` : "";
  if (issue.code === "invalid_value" && "values" in issue) {
    return `Invalid value for '${name}'${given}: expected one of ${issue.values.map(String).join(", ")}.`;
  }
  if (issue.code === "invalid_type" && issue.expected === "number") {
    return `Invalid value for '${name}'${given}: expected a number.`;
  }
  return `Invalid value for '${name}'${given}: ${issue.message}.`;
}

function unknownParameter(name: string, known: string[]): ApiError {
  const hint = known.length ? ` Known parameters: ${known.join(", ")}.` : " This operation takes no query parameters.";
  return badRequest(`Unknown parameter '${name.slice(0, 80)}'.${hint}`, name.slice(0, 80));
}

/** A required comma-separated list (documented as an array like the optional list parameters). */
export function requiredList<T extends z.ZodType>(item: T, min: number, max: number, description: string) {
  const schema = z
    .preprocess(
      (value) => String(value ?? "").split(",").map((part) => part.trim()).filter((part) => part.length > 0),
      z.array(item).min(min, `needs at least ${min} value${min > 1 ? "s" : ""}`).max(max, `at most ${max} values`),
    )
    .meta({ description });
  listItemSchemas.set(schema, item);
  return schema;
}

/** A calendar day `YYYY-MM-DD` that exists (2024-02-30 and 2024-2-3 are BAD_REQUEST naming the parameter). */
export function dayParam() {
  return z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "expected a day as YYYY-MM-DD")
    .refine((day) => {
      const t = Date.parse(`${day}T00:00:00Z`);
      return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day;
    }, "expected a day that exists in the calendar, as YYYY-MM-DD");
}
