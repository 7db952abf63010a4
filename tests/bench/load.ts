// Load generators: closed loop (N keep-alive connections, each sending its next request when the last answered)
// and open loop (a fixed rate, as autocannon -R).
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface LoadOptions {
  /** base URL, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** request paths, cycled through in order across all connections */
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** the status that counts as success (200 unless a run measures an error path on purpose) */
  expectStatus?: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanBytes: number;
  /** the first few non-200 answers or socket errors, for printing */
  errorSamples: string[];
}

const MAX_ERROR_SAMPLES = 5;
const REQUEST_TIMEOUT_MS = 30_000;

/** Runs the load for `seconds` (bounded: every connection stops at the deadline) and summarises it. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections, maxFreeSockets: options.connections });
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  const expected = options.expectStatus ?? 200;
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;

  const connection = async () => {
    while (performance.now() < deadline) {
      const path = options.paths[next++ % options.paths.length];
      const sent = performance.now();
      const outcome = await send(agent, url, path, options.headers ?? {}, expected);
      const elapsed = performance.now() - sent;
      if (outcome.status === expected) {
        latencies.push(elapsed);
        bytes += outcome.bytes;
      } else {
        errors += 1;
        if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(`${path} -> ${outcome.status}: ${outcome.body.slice(0, 300)}`);
        // A dead server must not turn this loop into a spin.
        if (typeof outcome.status === "string") await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();

  return summarise(latencies, errors, seconds, bytes, errorSamples);
}

function summarise(latencies: number[], errors: number, seconds: number, bytes: number, errorSamples: string[]): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : NaN);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50Ms: at(0.5),
    p90Ms: at(0.9),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? NaN,
    meanBytes: latencies.length ? bytes / latencies.length : 0,
    errorSamples,
  };
}

interface Outcome {
  status: number | string;
  bytes: number;
  body: string;
}

function send(agent: http.Agent, url: URL, path: string, headers: Record<string, string>, expected: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = http.request(
      { agent, hostname: url.hostname, port: url.port, path, method: "GET", headers, timeout: REQUEST_TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          const status = response.statusCode ?? 0;
          resolve({ status, bytes: body.length, body: status === expected ? "" : body.toString("utf8") });
        });
        response.on("error", (error) => resolve({ status: "response error", bytes: 0, body: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    request.on("error", (error) => resolve({ status: "socket error", bytes: 0, body: error.message }));
    request.end();
  });
}

export interface OpenLoopOptions extends Omit<LoadOptions, "connections"> {
  /** requests per second, sent on a fixed schedule whether or not earlier ones have answered */
  rate: number;
}

/**
 * Open loop at a fixed rate (as autocannon -R): request i is due at i / rate seconds and sent then on a free
 * keep-alive socket (a new one when all are busy). Latency counts from when the request was due, so a
 * server that stalls is charged for the requests queued behind the stall (no coordinated omission).
 */
export async function runOpenLoop(options: OpenLoopOptions): Promise<LoadResult> {
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  const expected = options.expectStatus ?? 200;
  const total = Math.round(options.rate * options.seconds);
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const path = options.paths[i % options.paths.length];
    inFlight.push(
      send(agent, url, path, options.headers ?? {}, expected).then((outcome) => {
        if (outcome.status === expected) {
          latencies.push(performance.now() - due);
          bytes += outcome.bytes;
        } else {
          errors += 1;
          if (errorSamples.length < MAX_ERROR_SAMPLES) errorSamples.push(`${path} -> ${outcome.status}: ${outcome.body.slice(0, 300)}`);
        }
      }),
    );
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return summarise(latencies, errors, seconds, bytes, errorSamples);
}
