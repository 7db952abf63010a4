import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { COST_CLASSES } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";

const document = buildOpenApiDocument(OPERATIONS) as any;
const API_DIR = join(process.cwd(), "app/api/v1");
// Routes that are not operations: the document itself, and the catch-all that answers NOT_FOUND.
const NON_OPERATION_ROUTES = new Set(["/openapi.json", "/[[...path]]"]);

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? routeFiles(path) : entry === "route.ts" ? [path] : [];
  });
}

const routes = routeFiles(API_DIR).map((file) => ({
  file,
  path: `/${relative(API_DIR, file).replace(/\/?route\.ts$/, "")}`.replace(/\/$/, "") || "/",
}));

describe("the operation registry and the route files", () => {
  it("every route file has an operation and every operation a route file", () => {
    const templated = routes
      .filter((route) => !NON_OPERATION_ROUTES.has(route.path))
      .map((route) => route.path.replace(/\[(\w+)\]/g, "{$1}"))
      .sort();
    expect(templated).toEqual(OPERATIONS.map((op) => op.path).sort());
  });

  it("each route file starts with a one-line header naming its method and path", () => {
    for (const op of OPERATIONS) {
      const route = routes.find((r) => r.path.replace(/\[(\w+)\]/g, "{$1}") === op.path)!;
      const header = readFileSync(route.file, "utf8").split("\n")[0];
      expect(header.startsWith(`// ${op.method} /api/v1${op.path}: `)).toBe(true);
    }
  });

  it("operation ids are unique", () => {
    expect(new Set(OPERATIONS.map((op) => op.id)).size).toBe(OPERATIONS.length);
  });
});

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended lint rules with no errors", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: { "no-server-example.com": "off" } } as never);
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
    const errors = problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it("documents every operation: id, cost class, parameters, envelope and errors", () => {
    for (const op of OPERATIONS) {
      const spec = document.paths[op.path][op.method.toLowerCase()];
      expect(spec.operationId).toBe(op.id);
      expect(COST_CLASSES).toContain(spec["x-cost-class"]);
      const documented = spec.parameters.map((p: any) => p.name).sort();
      expect(documented).toEqual([...Object.keys(op.params.shape), ...Object.keys(op.query.shape)].sort());
      const ref = spec.responses["200"].content["application/json"].schema.$ref as string;
      const envelope = document.components.schemas[ref.split("/").pop()!];
      expect(envelope.required).toEqual(expect.arrayContaining(["data", "meta", ...(op.paginated ? ["pagination"] : [])]));
      for (const status of ["400", "401", "429", "500"]) {
        const response = document.components.responses[spec.responses[status].$ref.split("/").pop()];
        expect(response.content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
      }
    }
    expect(document.components.schemas.Quota.properties).toHaveProperty("remaining");
  });
});
