/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite, pg and the Prisma runtime are Node libraries: keep them out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@electric-sql/pglite-socket", "pg", "@prisma/adapter-pg", "@prisma/client"],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
