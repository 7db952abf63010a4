// Each route file under app/api/v1 serves the registry operation of its own path, and every operation has one.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import type { Operation } from "@/lib/api/operation";
import { OPERATIONS } from "@/lib/operations";
import { expectMatchesSchema } from "../../support/response-schema";

const V1 = join(process.cwd(), "app/api/v1");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? routeFiles(path) : entry === "route.ts" ? [path] : [];
  });
}

/** `games/[appId]/history/route.ts` -> `/games/{appId}/history` */
const templateOf = (file: string) => `/${relative(V1, file).replace(/\/?route\.ts$/, "")}`.replace(/\[(\w+)\]/g, "{$1}");

/** The operation a route file hands to apiRoute(), found through its import. */
async function servedOperation(file: string): Promise<Operation | undefined> {
  const source = readFileSync(file, "utf8");
  const name = /apiRoute\((\w+)\)/.exec(source)?.[1];
  if (!name) return undefined;
  const from = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "@/(lib/operations/[\\w/-]+)"`).exec(source)?.[1];
  expect(from, `${relative(V1, file)} imports ${name} from lib/operations`).toBeTruthy();
  const module = (await import(join(process.cwd(), `${from}.ts`))) as Record<string, Operation>;
  return module[name];
}

describe("route files", () => {
  it("each serves the operation whose path is its own", async () => {
    const wrong: string[] = [];
    const served = new Set<string>();
    for (const file of routeFiles(V1)) {
      const operation = await servedOperation(file);
      if (!operation) continue;
      served.add(operation.id);
      if (operation.path !== templateOf(file)) wrong.push(`${templateOf(file)} serves ${operation.id} (${operation.path})`);
    }
    expect(wrong).toEqual([]);
    expect([...served].sort()).toEqual(OPERATIONS.map((op) => op.id).sort());
  });
});

describe("response schema checks", () => {
  const getGame = OPERATIONS.find((op) => op.id === "getGame")!;
  const meta = { requestId: "req_0000000000000000000000", generatedAt: "2026-11-24T00:00:00.000Z" };

  it("fail on a success whose data breaks the operation's schema", () => {
    expect(() => expectMatchesSchema(getGame, 200, { data: { appId: "570", name: 7 }, meta })).toThrow(/getGame answered 200 outside its schema/);
  });

  it("fail on an error outside the error envelope", () => {
    expect(() => expectMatchesSchema(getGame, 404, { message: "not found" })).toThrow(/outside its schema/);
    expect(() => expectMatchesSchema(getGame, 404, { error: { code: "NOT_FOUND", message: "x", requestId: "req_1" } })).not.toThrow();
  });
});

describe("which operation answers a path", () => {
  it("prefers literal segments over parameters", async () => {
    const { operationAt } = await import("../../support/response-schema");
    expect(operationAt("/api/v1/games/aggregate")?.id).toBe("aggregateGames");
    expect(operationAt("/api/v1/games/570")?.id).toBe("getGame");
    expect(operationAt("/api/v1/nope")).toBeUndefined();
  });
});
