import { request } from "node:http";

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  ms: number;
}

/**
 * A request whose socket leaves from `localAddress` (any 127.x.y.z on Linux's loopback): a real
 * different client address, as the server's socket sees it, not a header that claims one.
 */
export function fromAddress(url: string, localAddress: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? "GET", headers: options.headers, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let body: any = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
