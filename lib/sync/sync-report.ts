import { HOSTS, type HostId } from "./sync-config";

/** What one run of the sync did, per host and per kind of work: printed by `npm run sync`, stored in sync_runs. */
export interface HostTally {
  requests: number;
  retries: number;
  throttles: number;
  blocks: number;
  /** requests that failed after their retries, or were refused */
  failures: number;
}

export interface WorkTally {
  /** apps (or pages) whose answer arrived */
  fetched: number;
  /** of those, how many changed something stored */
  updated: number;
  unchanged: number;
  /** success:false, result 42: recorded, retried next month */
  unavailable: number;
  failed: number;
}

export interface SyncReportJson {
  mode: string;
  startedAt: string;
  finishedAt: string | null;
  seconds: number;
  stoppedBecause: string | null;
  totals: WorkTally & { newApps: number };
  work: Record<string, WorkTally>;
  hosts: Record<HostId, HostTally & { pausedUntil: string | null; pauseReason: string | null }>;
  errors: string[];
}

const emptyWork = (): WorkTally => ({ fetched: 0, updated: 0, unchanged: 0, unavailable: 0, failed: 0 });
const emptyHost = (): HostTally => ({ requests: 0, retries: 0, throttles: 0, blocks: 0, failures: 0 });

export class SyncReport {
  readonly startedAt = new Date();
  finishedAt: Date | null = null;
  stoppedBecause: string | null = null;
  newApps = 0;
  readonly work = new Map<string, WorkTally>();
  readonly hosts = new Map<HostId, HostTally>(HOSTS.map((host) => [host, emptyHost()]));
  readonly pauses = new Map<HostId, { until: string | null; reason: string | null }>();
  readonly errors: string[] = [];
  /** the last error of each kind of work, for its row in sync_jobs */
  readonly lastErrors = new Map<string, string>();

  constructor(readonly mode: string) {}

  tally(kind: string): WorkTally {
    let tally = this.work.get(kind);
    if (!tally) this.work.set(kind, (tally = emptyWork()));
    return tally;
  }

  host(host: HostId): HostTally {
    return this.hosts.get(host)!;
  }

  /** Keeps the first few distinct errors: a report names what went wrong without repeating it a thousand times. */
  error(message: string, kind?: string) {
    if (kind) this.lastErrors.set(kind, message);
    if (this.errors.length < 20 && !this.errors.includes(message)) this.errors.push(message);
  }

  toJSON(): SyncReportJson {
    const totals = { ...emptyWork(), newApps: this.newApps };
    for (const tally of this.work.values()) for (const key of Object.keys(tally) as (keyof WorkTally)[]) totals[key] += tally[key];
    const end = this.finishedAt ?? new Date();
    return {
      mode: this.mode,
      startedAt: this.startedAt.toISOString(),
      finishedAt: this.finishedAt?.toISOString() ?? null,
      seconds: Math.round((end.getTime() - this.startedAt.getTime()) / 100) / 10,
      stoppedBecause: this.stoppedBecause,
      totals,
      work: Object.fromEntries([...this.work.entries()].sort(([a], [b]) => a.localeCompare(b))),
      hosts: Object.fromEntries(
        HOSTS.map((host) => [host, { ...this.host(host), pausedUntil: this.pauses.get(host)?.until ?? null, pauseReason: this.pauses.get(host)?.reason ?? null }]),
      ) as SyncReportJson["hosts"],
      errors: this.errors,
    };
  }
}
