/** A change sent to the dashboard's endpoints; the error message is the API's own. */
export async function sendJson<T = unknown>(method: string, url: string, body?: unknown): Promise<{ ok: true; data: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const payload = await response.json().catch(() => ({}));
    if (response.ok) return { ok: true, data: payload as T };
    return { ok: false, error: payload?.error?.message ?? `The server answered ${response.status}.` };
  } catch {
    return { ok: false, error: "The server could not be reached." };
  }
}
