// Database connection faults are told apart from bugs: 503 with Retry-After, never a 500; reads retried once.
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { errorResponse } from "@/lib/api/responses";
import { isConnectionFault, retryReadOnce } from "@/lib/db/connection-fault";
import { freePort } from "../../support/free-port";

async function refusedConnection(): Promise<unknown> {
  const client = new pg.Client({ connectionString: `postgres://postgres:secret@127.0.0.1:${await freePort()}/postgres` });
  return client.connect().then(() => undefined, (error: unknown) => error);
}

describe("connection faults", () => {
  it("a refused connection (real pg error) is a fault and answers 503 SERVICE_UNAVAILABLE with Retry-After, leaking nothing", async () => {
    const error = await refusedConnection();
    expect(isConnectionFault(error)).toBe(true);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = errorResponse(error, "req_0000000000aaaaaaaaaaaa");
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    const text = await response.text();
    expect(JSON.parse(text).error).toMatchObject({ code: "SERVICE_UNAVAILABLE", message: expect.stringMatching(/temporarily unavailable/) });
    for (const leak of ["127.0.0.1", "secret", "ECONNREFUSED"]) expect(text).not.toContain(leak);
  });

  it("recognises dropped and terminated connections as pg and Prisma report them, and nothing else", () => {
    const terminated = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" });
    const prismaWrapped = { name: "PrismaClientKnownRequestError", code: "P2010", message: "Raw query failed", meta: { driverAdapterError: { cause: { kind: "postgres", originalCode: "57P01" } } } };
    const prismaClosed = { name: "DriverAdapterError", cause: { kind: "ConnectionClosed" } };
    // Auth.js wraps its adapter's error as { cause: { err } } (AdapterError, EmailSignInError)
    const authWrapped = { name: "AdapterError", cause: { err: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }) } };
    for (const fault of [terminated, prismaWrapped, prismaClosed, authWrapped, new Error("Connection terminated unexpectedly"), new Error("timeout exceeded when trying to connect")]) {
      expect(isConnectionFault(fault)).toBe(true);
    }
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: "42601", severity: "ERROR" });
    for (const other of [syntax, new Error("boom"), { code: "P2002" }, null, "ECONNREFUSED"]) expect(isConnectionFault(other)).toBe(false);
  });

  it("retryReadOnce: one more try after a fault, none after another error, never a third", async () => {
    const dropped = new Error("Connection terminated unexpectedly");
    let calls = 0;
    expect(await retryReadOnce(async () => (++calls === 1 ? Promise.reject(dropped) : "ok"))).toBe("ok");
    expect(calls).toBe(2);
    calls = 0;
    await expect(retryReadOnce(async () => (++calls, Promise.reject(dropped)))).rejects.toBe(dropped);
    expect(calls).toBe(2);
    calls = 0;
    await expect(retryReadOnce(async () => (++calls, Promise.reject(new Error("boom"))))).rejects.toThrow("boom");
    expect(calls).toBe(1);
  });
});
