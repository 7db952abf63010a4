import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { COST_CLASSES } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";

const document = buildOpenApiDocument(OPERATIONS) as any;
const API_DIR = join(process.cwd(), "app/api/v1");
// Routes allowed without an operation: the OpenAPI document itself (openapi.json), and the optional
// catch-all [[...path]] that answers NOT_FOUND for unknown paths under /api/v1.
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

  it("each route file's header names its operation's method, path and summary", () => {
    for (const op of OPERATIONS) {
      const route = routes.find((r) => r.path.replace(/\[(\w+)\]/g, "{$1}") === op.path)!;
      const header = readFileSync(route.file, "utf8").split("\n")[0];
      expect(header.toLowerCase(), relative(API_DIR, route.file)).toBe(`// ${op.method} /api/v1${op.path}: ${op.summary}`.toLowerCase());
    }
  });

  it("the routes without an operation also start with a header", () => {
    for (const route of routes.filter((r) => NON_OPERATION_ROUTES.has(r.path))) {
      expect(readFileSync(route.file, "utf8").split("\n")[0]).toMatch(/^\/\/ (GET|ANY) \/api\/v1\/\S+: \S/);
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

  // Accepted warnings: no licence chosen yet, tag groups need no prose, and SERVICE_UNAVAILABLE is a
  // shared response kept for operations that depend on an outside service.
  it("has only the accepted Redocly warnings", async () => {
    const config = await createConfig({ extends: ["recommended"], rules: { "no-server-example.com": "off" } } as never);
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "/openapi.json", config });
    const accepted = new Set(["info-license", "tag-description", "no-unused-components"]);
    expect(problems.filter((p) => !accepted.has(p.ruleId)).map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
  });

  it("states the cost class of every operation as one of the five spec classes", () => {
    for (const op of OPERATIONS) {
      const spec = document.paths[op.path][op.method.toLowerCase()];
      expect(["free", "baseline", "counts", "per-title", "heavy"], op.id).toContain(spec["x-cost-class"]);
      expect(spec.description, op.id).toMatch(/Cost class: /);
    }
    const classOf = (id: string) => OPERATIONS.find((op) => op.id === id)?.costClass;
    expect([classOf("listTags"), classOf("getStatus"), classOf("getGame")]).toEqual(["free", "free", "baseline"]);
  });

  it("documents list parameters as comma-separated arrays, path parameters as required", () => {
    const games = document.paths["/games"].get.parameters as any[];
    for (const name of ["tags", "tagsExclude", "genres", "platforms", "coverage", "fields"]) {
      const param = games.find((p) => p.name === name);
      expect(param, name).toMatchObject({ in: "query", required: false, style: "form", explode: false, schema: { type: "array" } });
    }
    expect(games.find((p) => p.name === "limit").schema).toMatchObject({ minimum: 1, maximum: 100, default: 25 });
    for (const op of OPERATIONS) {
      for (const param of document.paths[op.path].get.parameters.filter((p: any) => p.in === "path")) {
        expect(param.required, `${op.id} ${param.name}`).toBe(true);
        expect(op.path).toContain(`{${param.name}}`);
      }
    }
  });

  it("references the Error schema from every error response, and documents 404 where a path names a resource", () => {
    for (const op of OPERATIONS) {
      const responses = document.paths[op.path].get.responses as Record<string, any>;
      for (const [status, response] of Object.entries(responses).filter(([s]) => s !== "200")) {
        expect(Number(status)).toBeGreaterThanOrEqual(400);
        const shared = document.components.responses[response.$ref.split("/").pop()];
        expect(shared.content["application/json"].schema.$ref, `${op.id} ${status}`).toBe("#/components/schemas/Error");
        expect(shared.headers).toHaveProperty("Request-Id");
      }
      if (op.path.includes("{")) expect(responses, op.id).toHaveProperty("404");
    }
    const error = document.components.schemas.Error;
    expect(error.required).toContain("error");
    expect(error.properties.error.required).toEqual(expect.arrayContaining(["code", "message", "requestId"]));
  });

  it("gives list envelopes a pagination object whose nextOffset is optional, and others none", () => {
    for (const op of OPERATIONS) {
      const ref = document.paths[op.path].get.responses["200"].content["application/json"].schema.$ref as string;
      const envelope = document.components.schemas[ref.split("/").pop()!];
      expect(envelope.properties.meta.$ref).toBe("#/components/schemas/Meta");
      if (op.paginated) expect(envelope.properties.pagination.$ref, op.id).toBe("#/components/schemas/Pagination");
      else expect(envelope.properties, op.id).not.toHaveProperty("pagination");
    }
    const pagination = document.components.schemas.Pagination;
    expect(pagination.required.sort()).toEqual(["limit", "offset", "total"]);
    expect(pagination.properties).toHaveProperty("nextOffset");
    expect(document.components.schemas.Meta.required.sort()).toEqual(["generatedAt", "requestId"]);
  });
});
