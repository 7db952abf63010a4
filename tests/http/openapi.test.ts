import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { OPERATIONS } from "@/lib/operations";
import { api } from "../support/http";

const COST_CLASSES = ["free", "baseline", "counts", "per-title", "heavy"];
const refName = (ref: string) => ref.split("/").pop()!;

describe("GET /api/v1/openapi.json", () => {
  it("serves the document the registry builds, as JSON, to anonymous callers", async () => {
    const res = await api("/openapi.json", { token: null });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.body.openapi).toMatch(/^3\.1\./);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(OPERATIONS))));
  });

  it("passes Redocly's recommended rules with no errors, and only the accepted warnings", async () => {
    const res = await api("/openapi.json", { token: null });
    const config = await createConfig({ extends: ["recommended"], rules: { "no-server-example.com": "off" } } as never);
    const problems = await lintFromString({ source: JSON.stringify(res.body), absoluteRef: "/api/v1/openapi.json", config });
    const describe = (p: (typeof problems)[number]) => `${p.severity} ${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer}`;
    expect(problems.filter((p) => p.severity === "error").map(describe)).toEqual([]);
    // Accepted: no licence yet, tag groups without prose, a shared 503 response not used by every operation.
    const accepted = new Set(["info-license", "tag-description", "no-unused-components"]);
    expect(problems.filter((p) => !accepted.has(p.ruleId)).map(describe)).toEqual([]);
  });

  it("documents each operation: operationId, cost class, every query parameter, envelope and Error responses", async () => {
    const document = (await api("/openapi.json", { token: null })).body;
    const schemas = document.components.schemas;
    const operations = Object.entries<any>(document.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, spec]) => ({ path, method, spec })),
    );
    expect(operations.map((o) => o.path).sort()).toEqual(OPERATIONS.map((op) => op.path).sort());
    for (const { path, method, spec } of operations) {
      const op = OPERATIONS.find((o) => o.path === path)!;
      expect(method).toBe("get");
      expect(spec.operationId).toBe(op.id);
      expect(COST_CLASSES).toContain(spec["x-cost-class"]);
      const query = spec.parameters.filter((p: any) => p.in === "query").map((p: any) => p.name).sort();
      expect(query, path).toEqual(Object.keys(op.query.shape).sort());
      for (const p of spec.parameters) expect(p.schema, `${path} ${p.name}`).toBeTypeOf("object");
      const envelope = schemas[refName(spec.responses["200"].content["application/json"].schema.$ref)];
      const required = ["data", "meta", ...(op.paginated ? ["pagination"] : [])];
      expect(envelope.required, path).toEqual(expect.arrayContaining(required));
      expect(envelope.properties, path).toHaveProperty("data");
      expect(Object.hasOwn(envelope.properties, "pagination"), path).toBe(op.paginated);
      for (const [status, response] of Object.entries<any>(spec.responses).filter(([s]) => s !== "200")) {
        const shared = document.components.responses[refName(response.$ref)];
        expect(shared.content["application/json"].schema.$ref, `${path} ${status}`).toBe("#/components/schemas/Error");
      }
    }
  });
});
