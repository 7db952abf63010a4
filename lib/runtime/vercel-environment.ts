import { existsSync } from "node:fs";
import { IN_PROCESS_REFUSED_ON_VERCEL } from "../metering/rate-limit-backends";
import { upstashCredentials } from "../metering/shared-redis";

/**
 * What a Vercel deployment must have before it serves: the platform gives no writable disk and many
 * short-lived instances, so the embedded database, a generated AUTH_SECRET and the in-process limiter are out.
 * Returns the problems, each a sentence saying what to set.
 */
export function vercelEnvironmentProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  if (!env.DATABASE_URL) {
    problems.push(
      "DATABASE_URL is not set. With VERCEL=1 the app never uses the embedded database (it needs a writable disk and one " +
        "long-lived process): set DATABASE_URL to the managed PostgreSQL's pooled URL, and run `npm run migrate` and " +
        "`npm run ingest` once against its direct URL (README, Deploy to Vercel).",
    );
  }
  if (!env.AUTH_SECRET) problems.push("AUTH_SECRET is not set (openssl rand -base64 33): sign-in cannot work without it.");
  if (!upstashCredentials(env) && !env.REDIS_URL) problems.push(IN_PROCESS_REFUSED_ON_VERCEL);
  return problems;
}

/** `npm start` with VERCEL=1 serves an existing build, as the platform does; it never builds. */
export function missingBuildProblem(buildIdFile = ".next/BUILD_ID"): string | undefined {
  return existsSync(buildIdFile) ? undefined : "No build found (.next/BUILD_ID): run `npm run build` first; with VERCEL=1 `npm start` does not build.";
}
