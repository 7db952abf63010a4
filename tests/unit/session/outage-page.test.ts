// A page's database outage: the wrapper turns only connection faults into the outage error (redirects and
// bugs pass untouched), and our HTTP server answers a marked page's 500 with 503 and Retry-After.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { handleWithOutageStatus } from "@/lib/runtime/outage-status";
import { outageRetrySeconds } from "@/lib/session/outage-digest";
import { outageAware, PageUnavailableError } from "@/lib/session/outage-page";

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const failing = (error: unknown) => outageAware(async () => Promise.reject(error));

describe("outageAware", () => {
  it("turns a connection fault into PageUnavailableError, whose digest says how long to wait", async () => {
    const thrown = await failing(refused)({}).catch((error) => error);
    expect(thrown).toBeInstanceOf(PageUnavailableError);
    expect(outageRetrySeconds(thrown.digest)).toBe(5);
    // logged by Next as one line with the driver's reason (the browser gets the digest only)
    expect(thrown.stack).toBe("PageUnavailableError: a page could not reach the database (connect ECONNREFUSED 127.0.0.1:5432); it answered \"temporarily unavailable\"");
  });

  it("passes a bug, a redirect and a page's result through unchanged", async () => {
    const bug = new TypeError("x is undefined");
    await expect(failing(bug)({})).rejects.toBe(bug);
    const redirect = Object.assign(new Error("NEXT_REDIRECT"), { digest: "NEXT_REDIRECT;replace;/signin;307;" });
    await expect(failing(redirect)({})).rejects.toBe(redirect);
    await expect(outageAware(async (props: { n: number }) => props.n * 2)({ n: 21 })).resolves.toBe(42);
  });

  it("reads only its own digests", () => {
    expect(outageRetrySeconds("LUDEX_SERVICE_UNAVAILABLE;12")).toBe(12);
    expect(outageRetrySeconds("2904715683")).toBeNull();
    expect(outageRetrySeconds(undefined)).toBeNull();
  });
});

describe("handleWithOutageStatus", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server whose "page" answers 500, after running `render` inside the request's scope. */
  async function serve(render: () => Promise<void>): Promise<Response> {
    server = createServer((_request, response) => {
      void handleWithOutageStatus(response, async () => {
        await render().catch(() => undefined);
        response.statusCode = 500;
        response.end("<html></html>");
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/dashboard`);
  }

  it("a page that met an outage: 503 with Retry-After and no-store", async () => {
    const response = await serve(() => failing(refused)({}) as Promise<never>);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("a page that failed for another reason keeps its 500", async () => {
    const response = await serve(() => failing(new TypeError("bug"))({}) as Promise<never>);
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
  });
});
