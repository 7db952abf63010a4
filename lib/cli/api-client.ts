import { CliExit, EXIT } from "./exit-codes";
import { readCredential, type StoredCredential } from "./config-store";

export const DEFAULT_BASE_URL = "http://localhost:3000";

export interface CliTarget {
  /** the server's origin, e.g. http://localhost:3000: what stored logins are keyed by */
  origin: string;
}

export function targetFrom(baseUrl: string | undefined): CliTarget {
  const raw = baseUrl || process.env.LUDEX_BASE_URL || DEFAULT_BASE_URL;
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
    return { origin: url.origin };
  } catch {
    throw new CliExit(EXIT.usage, `--base-url must be an http(s) URL, e.g. ${DEFAULT_BASE_URL} (got '${raw}').`);
  }
}

export type CredentialInUse =
  | { source: "env"; token: string }
  | { source: "stored"; token: string; stored: StoredCredential }
  | null;

/** LUDEX_TOKEN from the environment wins over the stored login; the status command says which is in use. */
export async function credentialInUse(target: CliTarget): Promise<CredentialInUse> {
  const fromEnv = process.env.LUDEX_TOKEN?.trim();
  if (fromEnv) return { source: "env", token: fromEnv };
  const stored = await readCredential(target.origin);
  return stored ? { source: "stored", token: stored.token, stored } : null;
}

export interface FetchOptions {
  method?: string;
  token?: string | null;
  body?: URLSearchParams;
}

/** A request to the server; unreachable is an API error with the address in the message. */
export async function send(target: CliTarget, path: string, options: FetchOptions = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const headers: Record<string, string> = { "User-Agent": "ludex-cli", Accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`${target.origin}${path}`, { method: options.method ?? "GET", headers, body: options.body });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CliExit(EXIT.apiError, `Could not reach ${target.origin} (${cause}). Is the server running? Set --base-url or LUDEX_BASE_URL.`);
  }
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the error message
  }
  return { status: response.status, headers: response.headers, body };
}

const MAX_RATE_LIMIT_RETRIES = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One API call under /api/v1 with the credential in use: RATE_LIMITED waits Retry-After and retries (at
 * most 3 times, saying so on stderr); other errors end the command with their exit code.
 */
export async function callApi(target: CliTarget, path: string, credential: CredentialInUse): Promise<any> {
  for (let attempt = 0; ; attempt++) {
    const response = await send(target, `/api/v1${path}`, { token: credential?.token ?? null });
    if (response.status < 400) return response.body;
    const code = response.body?.error?.code as string | undefined;
    const retryAfter = Number(response.headers.get("retry-after") ?? "1");
    if (code === "RATE_LIMITED" && attempt < MAX_RATE_LIMIT_RETRIES) {
      const wait = Math.min(Math.max(retryAfter, 1), 120);
      process.stderr.write(`Rate limited: waiting ${wait} s before retry ${attempt + 1} of ${MAX_RATE_LIMIT_RETRIES}.\n`);
      await sleep(wait * 1000);
      continue;
    }
    throw apiFailure(target, response.status, response.body, retryAfter, credential);
  }
}

function apiFailure(target: CliTarget, status: number, body: any, retryAfter: number, credential: CredentialInUse): CliExit {
  const code = body?.error?.code as string | undefined;
  const message = (body?.error?.message as string | undefined) ?? `The server answered ${status}.`;
  if (code === "QUOTA_EXCEEDED") {
    const resetsAt = new Date(Date.now() + retryAfter * 1000).toISOString().replace(/\.\d+Z$/, "Z");
    return new CliExit(
      EXIT.quota,
      `QUOTA_EXCEEDED: ${message}\nCredits reset at ${resetsAt}. Until then: free operations (ludex status, ludex tags list) still work; a workspace owner can change the plan or ask for a grant (${target.origin}/dashboard).`,
    );
  }
  if (code === "UNAUTHORIZED") {
    const hint = credential?.source === "env" ? "LUDEX_TOKEN from the environment was refused: fix or unset it." : "Run `ludex login`.";
    return new CliExit(EXIT.loginNeeded, `UNAUTHORIZED: ${message}\n${hint}`);
  }
  return new CliExit(EXIT.apiError, code ? `${code}: ${message}` : message);
}
