// The HTTP server `npm start` runs Next in: it tells route handlers the client's address (socket, trusted proxies).
import { createServer, type IncomingMessage } from "node:http";
import next from "next";
import { CLIENT_ADDRESS_HEADER, parseTrustedProxies, resolveClientAddress } from "../access/client-address";
import { handleWithOutageStatus } from "./outage-status";

/**
 * Under `next start` a route handler sees headers only, and X-Forwarded-For is whatever the client sent
 * (Next adds the socket peer only when the header is absent), so anonymous limits could be dodged by
 * sending a new address each time. This server is the only writer of CLIENT_ADDRESS_HEADER: it
 * overwrites any copy the client sent with the socket peer, or the client behind a trusted proxy.
 */
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || undefined;
const trusted = parseTrustedProxies(process.env.LUDEX_TRUSTED_PROXIES);

function markClientAddress(request: IncomingMessage) {
  const forwarded = request.headers["x-forwarded-for"];
  const chain = Array.isArray(forwarded) ? forwarded.join(",") : forwarded;
  request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(request.socket.remoteAddress, chain, trusted);
}

async function main() {
  const app = next({ dev: false, dir: process.cwd(), port, hostname: host ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((request, response) => {
    markClientAddress(request);
    // API routes answer an outage with their own 503; only pages need the outage scope and its cost.
    const served = request.url?.startsWith("/api/") ? handle(request, response) : handleWithOutageStatus(response, () => handle(request, response));
    served.catch((error: unknown) => {
      console.error(`Failed to handle request for ${request.url}:`, error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
  server.listen(port, host, () => {
    console.error(`[ludex] serving on http://${host ?? "localhost"}:${port}${trusted ? ` (trusted proxies: ${process.env.LUDEX_TRUSTED_PROXIES})` : ""}`);
  });
  const close = () => server.close(() => process.exit(0));
  process.once("SIGINT", close);
  process.once("SIGTERM", close);
}

main().catch((error: unknown) => {
  console.error(`[ludex] could not serve: ${(error as Error).message}`);
  process.exit(1);
});
