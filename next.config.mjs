// A percent-encoded UTF-8 sequence: what decodeURIComponent accepts (RFC 3629 byte ranges, no overlongs
// or surrogates). Case-insensitive: Next matches rewrite sources with the `i` flag.
const CONT = "%[89ab][0-9a-f]";
const UTF8_SEQUENCE = [
  "%[0-7][0-9a-f]",
  `%(?:c[2-9a-f]|d[0-9a-f])${CONT}`,
  `%e0%[ab][0-9a-f]${CONT}`,
  `%e[1-9abcef]${CONT}${CONT}`,
  `%ed%[89][0-9a-f]${CONT}`,
  `%f0%[9ab][0-9a-f]${CONT}${CONT}`,
  `%f[1-3]${CONT}${CONT}${CONT}`,
  `%f4%8[0-9a-f]${CONT}${CONT}`,
].join("|");

/**
 * Paths whose percent-encoding does not decode (`/api/v1/games/%E0%A4%A`, `/tags/%`). Next's router
 * fails on them before any route runs and answers a plain-text 500; rewriting them to one route lets
 * the API answer BAD_REQUEST in its envelope (app/api/v1/[[...path]]/route.ts reads the original URL).
 */
export const MALFORMED_PATH_SOURCE = `/:path((?!(?:[^%]|${UTF8_SEQUENCE})*$).*)`;
export const MALFORMED_PATH_DESTINATION = "/api/v1/malformed-path";

/**
 * CORS for the bearer API only: it reads no cookies, so any origin may call it with a key (the browser
 * sends no credentials with `*`). The cookie paths (/api/dashboard, /api/auth) get none of this, so
 * another site's page can never read their answers.
 */
export const API_CORS_HEADERS = [
  { key: "Access-Control-Allow-Origin", value: "*" },
  { key: "Access-Control-Allow-Methods", value: "GET, HEAD, OPTIONS" },
  { key: "Access-Control-Allow-Headers", value: "Authorization" },
  { key: "Access-Control-Expose-Headers", value: "Request-Id, RateLimit, RateLimit-Policy, Retry-After" },
  { key: "Access-Control-Max-Age", value: "600" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite, pg and the Prisma runtime are Node libraries: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "@prisma/client",
    // the review analyser and its 3.8 MB model: load them from node_modules, not the bundle
    "wink-nlp", "wink-eng-lite-web-model",
    // exports, chart rendering (resvg is a native addon; vega loads its modules at run time)
    "exceljs", "@resvg/resvg-js", "vega", "vega-lite"],
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [{ source: "/api/v1/:path*", headers: API_CORS_HEADERS }];
  },
  async rewrites() {
    return { beforeFiles: [{ source: MALFORMED_PATH_SOURCE, destination: MALFORMED_PATH_DESTINATION }], // MCP clients whose OAuth discovery fails fall back to these paths at the site root.
      afterFiles: [
        { source: "/authorize", destination: "/oauth/authorize" },
        { source: "/token", destination: "/api/oauth/token" },
        { source: "/register", destination: "/api/oauth/register" },
      ], fallback: [] };
  },
};

export default nextConfig;
