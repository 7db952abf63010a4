import { expect } from "vitest";
import { envelopeSchema, errorSchema } from "@/lib/api/envelope";
import type { Operation } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";

const ROUTES = OPERATIONS.map((operation) => ({
  operation,
  pattern: new RegExp(`^/api/v1${operation.path.replace(/\{\w+\}/g, "[^/]+")}/?$`),
}));

/** The registry operation a GET of this path runs, if any: a literal segment wins over a parameter (`/games/count`, not `/games/{appId}`). */
export function operationAt(pathname: string): Operation | undefined {
  const matches = ROUTES.filter((route) => route.pattern.test(pathname)).map((route) => route.operation);
  const parameters = (operation: Operation) => (operation.path.match(/\{/g) ?? []).length;
  return matches.sort((a, b) => parameters(a) - parameters(b))[0];
}

/**
 * Every answer of an operation against its declared schema: a success against the operation's envelope
 * (its `data` schema, the one the OpenAPI document is generated from), an error against the error envelope.
 */
export function expectMatchesSchema(operation: Operation, status: number, body: unknown) {
  const schema = status === 200 ? envelopeSchema(operation.data, operation.paginated) : errorSchema;
  const result = schema.safeParse(body);
  const problems = result.success
    ? ""
    : result.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
        .join("; ");
  expect(problems, `${operation.id} answered ${status} outside its schema`).toBe("");
}

/** Called by the suite's HTTP helper for every JSON answer it receives from an operation's path. */
export function checkAnswer(url: string, method: string, status: number, body: unknown) {
  if (method !== "GET" || typeof body !== "object" || body === null) return;
  let pathname: string;
  try {
    pathname = decodeURI(new URL(url).pathname);
  } catch {
    return; // undecodable paths reach no operation
  }
  const operation = operationAt(pathname);
  if (operation) expectMatchesSchema(operation, status, body);
}
