// CPU seconds used by groups of processes, from /proc (Linux), to split a run's cost between processes.
import { readdirSync, readFileSync } from "node:fs";

const CLOCK_TICKS = 100;

export interface CpuGroups {
  /** process-group ids whose processes count, by label */
  groups: Record<string, number>;
  /** Postgres backends whose command line names this database */
  database: string;
}

export type CpuSnapshot = Map<string, { label: string; seconds: number }>;

/** CPU seconds per process ("pid:start" key) with its label: a process group's, "postgres" (this database's backends), "bench" (this one). */
export function cpuSnapshot({ groups, database }: CpuGroups): CpuSnapshot {
  const snapshot: CpuSnapshot = new Map();
  const labelOf = new Map(Object.entries(groups).map(([label, pgid]) => [pgid, label]));
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
      const key = `${entry}:${fields[19]}`;
      const label = labelOf.get(Number(fields[2]));
      if (label) snapshot.set(key, { label, seconds });
      else if (stat.includes("(postgres)") && readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(database)) {
        snapshot.set(key, { label: "postgres", seconds });
      }
    } catch {
      // the process ended meanwhile
    }
  }
  const own = process.cpuUsage();
  snapshot.set("bench", { label: "bench", seconds: (own.user + own.system) / 1e6 });
  return snapshot;
}

/**
 * CPU seconds per label between two snapshots, per process: one that ended meanwhile (a pooled connection
 * closed when idle) drops out instead of subtracting its whole life; one that started counts whole.
 */
export function cpuDelta(before: CpuSnapshot, after: CpuSnapshot, labels: string[]): Record<string, number> {
  const totals: Record<string, number> = Object.fromEntries([...labels, "postgres", "bench"].map((label) => [label, 0]));
  for (const [key, { label, seconds }] of after) totals[label] += seconds - (before.get(key)?.seconds ?? 0);
  return totals;
}
