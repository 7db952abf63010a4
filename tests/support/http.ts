import { inject } from "vitest";
import { checkAnswer } from "./response-schema";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiInit extends RequestInit {
  /** a bearer token; default the suite's Pro key. `null`: call anonymously */
  token?: string | null;
}

/** A request to the running server (its answer checked against the operation's schema, tests/support/response-schema.ts) (paths relative to /api/v1 unless they start with /api or /docs), authenticated with the suite's Pro key unless told otherwise. */
export async function api<T = any>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const { token = inject("apiKey"), ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== null && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
  const full = /^\/(api|docs|robots\.txt|favicon\.svg)(\/|$)/.test(path) ? path : `/api/v1${path}`;
  const url = `${inject("baseUrl")}${full}`;
  return checkedAnswer(url, rest.method, await fetch(url, { ...rest, headers }));
}

/** A response as tests read it: the body parsed when it is JSON, and checked against the operation's schema. */
export async function checkedAnswer<T = any>(url: string, method: string | undefined, response: Response): Promise<ApiResponse<T>> {
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  // Every answer of an operation, in every test that calls through here, is checked against its schema.
  checkAnswer(url, (method ?? "GET").toUpperCase(), response.status, body);
  return { status: response.status, headers: response.headers, body };
}
