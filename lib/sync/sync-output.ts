import { HOST_NAMES, HOSTS } from "./sync-config";
import type { SyncReportJson, WorkTally } from "./sync-report";

/** The sync's report as people read it in a terminal: what was fetched, per kind of work, and each host's requests. */
export function formatReport(report: SyncReportJson): string {
  const lines = [`sync (${report.mode}): ${report.seconds} s, ${report.stoppedBecause ?? "running"}; ${report.totals.newApps} new apps`];
  const columns: (keyof WorkTally)[] = ["fetched", "updated", "unchanged", "unavailable", "failed"];
  const rows = Object.entries(report.work).filter(([, tally]) => columns.some((c) => tally[c] > 0));
  lines.push(table(["work", ...columns], [...rows.map(([kind, tally]) => [kind, ...columns.map((c) => tally[c])]), ["total", ...columns.map((c) => report.totals[c])]]));
  const hostRows = HOSTS.map((host) => {
    const h = report.hosts[host];
    const paused = h.pausedUntil ? `${h.pausedUntil.slice(11, 19)} UTC (${h.pauseReason})` : "-";
    return [HOST_NAMES[host], h.requests, h.retries, h.throttles, h.blocks, h.failures, paused];
  });
  lines.push(table(["host", "requests", "retries", "429s", "403s", "failed", "paused until"], hostRows));
  if (report.errors.length > 0) lines.push("errors:", ...report.errors.map((e) => `  - ${e}`));
  return lines.join("\n\n");
}

/** One line of progress: requests per host, what was fetched, any pause. */
export function formatProgress(report: SyncReportJson): string {
  const t = report.totals;
  const requests = HOSTS.filter((h) => h !== "steamspyAll").map((h) => `${h} ${report.hosts[h].requests}`).join(", ");
  const paused = HOSTS.filter((h) => report.hosts[h].pausedUntil).map((h) => `${h} paused (${report.hosts[h].pauseReason})`);
  return [`sync ${clock(report.seconds)}`, `requests: ${requests}`, `fetched ${t.fetched}: ${t.updated} updated, ${t.unchanged} unchanged, ${t.unavailable} unavailable, ${t.failed} failed`, ...paused].join(" | ");
}

function clock(seconds: number): string {
  const s = Math.floor(seconds);
  return `${String(Math.floor(s / 3600)).padStart(2, "0")}:${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows].map((row) => row.map((cell) => (typeof cell === "number" ? cell.toLocaleString("en-US") : cell)));
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  return cells.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ")).join("\n");
}
