// The `ludex` CLI as a process against the built server: registry commands, output formats, exit codes.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { workspaceWithKey } from "../../support/admin";
import { api } from "../../support/http";

interface Finished {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ludex ...args` with a fresh config directory; `token` becomes LUDEX_TOKEN (none: logged out). */
function ludex(args: string[], token?: string): Promise<Finished> {
  const env: NodeJS.ProcessEnv = { ...process.env, LUDEX_CONFIG_DIR: mkdtempSync(join(tmpdir(), "ludex-cfg-")), LUDEX_BASE_URL: inject("baseUrl") };
  if (token) env.LUDEX_TOKEN = token;
  else delete env.LUDEX_TOKEN;
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/ludex.mjs", ...args], { env, timeout: 90_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe("ludex commands", () => {
  it("print the API's response as it came with --json, and a table by default", async () => {
    const key = inject("apiKey");
    const [json, table, direct] = await Promise.all([
      ludex(["tags", "list", "--q", "rogue", "--json"], key),
      ludex(["tags", "list", "--q", "rogue"], key),
      api("/tags?q=rogue"),
    ]);
    expect(json.code, json.stderr).toBe(0);
    const body = JSON.parse(json.stdout);
    expect(body.data).toEqual(direct.body.data);
    expect(body.pagination).toEqual(direct.body.pagination);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[1]).toMatch(/^-+(\s+-+)+$/);
    expect(lines.slice(2).some((line) => line.includes("rogue-like"))).toBe(true);
  });

  it("take path parameters as arguments and follow every page with --all", async () => {
    const key = inject("apiKey");
    const count = await api("/games/count?tags=rogue-like&releasedFrom=2019&reviewsMin=2000");
    const total = count.body.data.count as number;
    const [all, game] = await Promise.all([
      ludex(["games", "list", "--tags", "rogue-like", "--released-from", "2019", "--reviews-min", "2000", "--limit", "5", "--all", "--json"], key),
      ludex(["games", "get", "730"], key),
    ]);
    expect(all.code, all.stderr).toBe(0);
    const items = JSON.parse(all.stdout).data as { appId: number }[];
    expect(items.length).toBe(total);
    expect(new Set(items.map((item) => item.appId)).size).toBe(total);
    expect(all.stderr).toContain(`${total}/${total}`);
    expect(game.code, game.stderr).toBe(0);
    expect(game.stdout).toMatch(/^appId: 730$/m);
  });

  it("print the same OpenAPI document the server serves", async () => {
    const [schema, served] = await Promise.all([ludex(["schema"]), api("/openapi.json", { token: null })]);
    expect(schema.code).toBe(0);
    expect(JSON.parse(schema.stdout).paths).toEqual(served.body.paths);
  });

  it("exit 1 on an API error, 2 on a usage error, 3 when the credential is refused, 4 when the credits are spent", async () => {
    const key = inject("apiKey");
    const [missing, badTag, unknownFlag, noArgument, refused] = await Promise.all([
      ludex(["games", "get", "999999999"], key),
      ludex(["games", "list", "--tags", "rpgg"], key),
      ludex(["games", "list", "--no-such-flag", "1"], key),
      ludex(["games", "get"], key),
      ludex(["status"], "ldx_000000000000000000000000000000000000"),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("NOT_FOUND");
    expect(badTag.code).toBe(1);
    expect(badTag.stderr).toContain("did you mean");
    expect(unknownFlag.code).toBe(2);
    expect(noArgument.code).toBe(2);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("LUDEX_TOKEN");

    const tiny = await workspaceWithKey(inject("databaseUrl"), { plan: "pro", allowance: 1 });
    expect((await ludex(["games", "get", "730", "--json"], tiny.secret)).code).toBe(0);
    const spent = await ludex(["games", "get", "570"], tiny.secret);
    expect(spent.code).toBe(4);
    expect(spent.stderr).toMatch(/QUOTA_EXCEEDED[\s\S]*Credits reset at \d{4}-\d\d-\d\dT/);
  });

  it("without a credential, run in the anonymous preview and say so", async () => {
    const preview = await ludex(["games", "get", "730", "--json"]);
    expect(preview.code).toBe(0);
    expect(preview.stderr).toContain("anonymous preview");
    expect(JSON.parse(preview.stdout).meta.preview).toBe(true);
    const status = await ludex(["auth", "status", "--json"]);
    expect(status.code).toBe(3);
    expect(JSON.parse(status.stdout)).toMatchObject({ loggedIn: false, source: null });
  });
});
