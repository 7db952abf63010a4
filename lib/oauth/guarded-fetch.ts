import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./public-address";

/** A document fetched from a URL a client gave us, with the limits that keep the fetch from being a weapon. */
export interface GuardedResponse {
  body: string;
  contentType: string;
  cacheControl: string;
}

export class GuardedFetchError extends Error {}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * GET a client-supplied https URL without letting it reach inside our network (SSRF): the host name is
 * resolved once, every address it resolves to must be public, and the connection is pinned to the checked
 * address (a second DNS answer cannot swap in 127.0.0.1). No redirects, no cookies or credentials sent,
 * a byte cap and a deadline on the whole exchange.
 *
 * `testOrigin` (LUDEX_TEST_CIMD_ORIGIN, tests only) is the one exception: that exact http loopback origin,
 * where the test suite serves its metadata documents.
 */
export async function guardedFetch(url: URL, limits: FetchLimits, testOrigin?: string): Promise<GuardedResponse> {
  const isTestOrigin = testOrigin !== undefined && url.origin === testOrigin;
  if (url.protocol !== "https:" && !isTestOrigin) throw new GuardedFetchError("the URL must use https");
  const address = isTestOrigin ? await resolve(url.hostname, true) : await resolve(url.hostname, false);
  const pinned: LookupFunction = (_host, options, callback) => {
    const family = isIP(address);
    if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<GuardedResponse>((resolvePromise, reject) => {
    const fail = (message: string) => {
      request.destroy();
      reject(new GuardedFetchError(message));
    };
    const timer = setTimeout(() => fail(`no complete answer within ${limits.timeoutMs} ms`), limits.timeoutMs);
    const request = send(
      url,
      { method: "GET", lookup: pinned, headers: { accept: "application/json", "user-agent": "Ludex-OAuth/1.0 (client metadata fetch)" }, agent: false },
      (response) => readCapped(response, limits.maxBytes).then(
        (body) => {
          clearTimeout(timer);
          if (response.statusCode !== 200) return reject(new GuardedFetchError(`it answered HTTP ${response.statusCode}${response.statusCode && response.statusCode < 400 && response.statusCode >= 300 ? " (redirects are not followed)" : ""}`));
          resolvePromise({ body, contentType: String(response.headers["content-type"] ?? ""), cacheControl: String(response.headers["cache-control"] ?? "") });
        },
        (error: Error) => {
          clearTimeout(timer);
          fail(error.message);
        },
      ),
    );
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(new GuardedFetchError(`it could not be reached (${error.message.slice(0, 120)})`));
    });
    request.end();
  });
}

/** The host's address, refused unless every address it resolves to is public (or, for the test origin, loopback). */
async function resolve(hostname: string, loopbackOnly: boolean): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true, verbatim: true })).map((entry) => entry.address);
  } catch {
    throw new GuardedFetchError(`its host name ${hostname.slice(0, 100)} does not resolve`);
  }
  const acceptable = (address: string) => (loopbackOnly ? address === "127.0.0.1" || address === "::1" : isPublicAddress(address));
  if (addresses.length === 0 || !addresses.every(acceptable)) {
    throw new GuardedFetchError(`its host ${hostname.slice(0, 100)} resolves to a private, loopback or reserved address`);
  }
  return addresses[0];
}

function readCapped(response: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolveBody, reject) => {
    const declared = Number(response.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) return reject(new Error(`the document is larger than ${maxBytes} bytes`));
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        response.destroy();
        reject(new Error(`the document is larger than ${maxBytes} bytes`));
      } else chunks.push(chunk);
    });
    response.on("end", () => resolveBody(Buffer.concat(chunks).toString("utf8")));
    response.on("error", reject);
  });
}
