import { inject } from "vitest";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiInit extends RequestInit {
  /** a bearer token; default the suite's Pro key. `null`: call anonymously */
  token?: string | null;
}

/** A request to the running server (paths relative to /api/v1 unless they start with /api or /docs), authenticated with the suite's Pro key unless told otherwise. */
export async function api<T = any>(path: string, init: ApiInit = {}): Promise<ApiResponse<T>> {
  const { token = inject("apiKey"), ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token !== null && !headers.has("authorization")) headers.set("authorization", `Bearer ${token}`);
  const full = /^\/(api|docs|robots\.txt|favicon\.svg)(\/|$)/.test(path) ? path : `/api/v1${path}`;
  const response = await fetch(`${inject("baseUrl")}${full}`, { ...rest, headers });
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}
