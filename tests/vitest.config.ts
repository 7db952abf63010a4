import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("..", import.meta.url));
const alias = { "@": root.replace(/\/$/, "") };

// Two projects: fast tests of the code and the database layer, and black-box HTTP tests against the
// built server started once by the global setup (embedded PGlite, or DATABASE_URL's server).
export default defineConfig({
  root,
  resolve: { alias },
  test: {
    // Vitest's default on a 2-core machine is one file at a time, yet most files wait on servers, browsers
    // and child processes rather than the CPU: three at a time halves the wall-clock time.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          root,
          include: ["tests/unit/**/*.test.ts", "tests/db/**/*.test.ts", "tests/ingest/**/*.test.ts", "tests/sync/**/*.test.ts"],
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "http",
          root,
          include: ["tests/http/**/*.test.ts", "tests/browser/**/*.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
