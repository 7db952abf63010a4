import { timingSafeEqual } from "node:crypto";
import { getPool } from "../db/prisma-client";

/** Kept a week after sending: long enough to read a development mail, short enough that addresses do not pile up. */
const OUTBOX_RETENTION = "7 days";

/**
 * What expires and is of no use afterwards, one statement each. A new table of short-lived secrets (device
 * codes, OAuth codes) adds its line here, and the daily cron (vercel.json) clears it.
 */
const PURGES: ReadonlyArray<{ name: string; sql: string }> = [
  { name: "signInTokens", sql: "DELETE FROM verification_tokens WHERE expires < now()" },
  { name: "outboxMail", sql: `DELETE FROM mail_outbox WHERE created_at < now() - interval '${OUTBOX_RETENTION}'` },
  // A day after expiry: until then a late poll still gets `expired_token` rather than an unknown code.
  { name: "cliDeviceCodes", sql: "DELETE FROM device_authorizations WHERE expires_at < now() - interval '1 day'" },
  { name: "oauthCodes", sql: "DELETE FROM oauth_codes WHERE expires_at < now() - interval '1 day'" },
  // a cron tick every 5 minutes is 288 runs a day: a month of finished reports is enough to see how the sync went
  // (a worker's run lasts as long as the worker; the latest run always stays: status reads whether the sync ran)
  {
    name: "syncRuns",
    sql: "DELETE FROM sync_runs WHERE finished_at < now() - interval '30 days' AND id < (SELECT max(id) FROM sync_runs)",
  },
];

/** Deletes what has expired; returns how many rows each purge removed. */
export async function purgeExpired(): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const { name, sql } of PURGES) removed[name] = (await getPool().query(sql)).rowCount ?? 0;
  return removed;
}

/**
 * Vercel calls cron paths with `Authorization: Bearer $CRON_SECRET`. Without a configured secret the
 * endpoint stays closed: anyone could otherwise trigger the deletes.
 */
export function isCronRequest(request: Request, secret = process.env.CRON_SECRET): boolean {
  if (!secret) return false;
  const given = Buffer.from(request.headers.get("authorization") ?? "");
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
