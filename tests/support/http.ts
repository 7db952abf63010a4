import { inject } from "vitest";

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** GET (or another method) against the running server, parsing the JSON body. */
export async function api<T = any>(path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const response = await fetch(`${inject("baseUrl")}${path}`, init);
  const text = await response.text();
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}
