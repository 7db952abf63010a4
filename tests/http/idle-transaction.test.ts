// One client holding a transaction open (psql after `BEGIN;`) must not stop the API for longer than the
// embedded database's idle-in-transaction timeout (5 s). On a real PostgreSQL it never blocks reads.
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { api } from "../support/http";

describe("an idle transaction beside the API", () => {
  it("the API keeps answering; on the embedded database the idle client is told why and disconnected", async () => {
    const idle = new pg.Client({ connectionString: inject("databaseUrl") });
    const errors: Array<Error & { code?: string }> = [];
    idle.on("error", (error) => errors.push(error));
    await idle.connect();
    await idle.query("BEGIN");
    await idle.query("SELECT count(*) FROM games");
    const started = Date.now();
    const answers = await Promise.all([api("/games/570"), api("/games?limit=1", { token: null }), api("/status")]);
    const took = Date.now() - started;
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(took).toBeLessThan(9_000);
    if (inject("mode") === "embedded") {
      await expect(idle.query("SELECT 1")).rejects.toThrow();
      expect(errors[0]?.code).toBe("25P03");
      expect(errors[0]?.message).toMatch(/idle-in-transaction timeout/);
    }
    await idle.end().catch(() => undefined);
  });
});
