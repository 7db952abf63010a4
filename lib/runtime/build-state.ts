import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCES = ["app", "lib", "public", "next.config.mjs", "package.json", "tsconfig.json"];
const IGNORED = new Set(["node_modules", ".next", "generated"]);

/** A build is needed when there is none, or a source file is newer than it. */
export function needsBuild(root = process.cwd()): boolean {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (!IGNORED.has(entry)) newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}
