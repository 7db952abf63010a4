/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite, pg and the Prisma runtime are Node libraries: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "@prisma/client",
    // the review analyser and its 3.8 MB model: load them from node_modules, not the bundle
    "wink-nlp", "wink-eng-lite-web-model"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
