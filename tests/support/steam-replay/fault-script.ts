import { matchesPath } from "./traffic-log";
import type { Fault, FaultKind, SteamHost } from "./types";

export interface FaultTarget {
  host: SteamHost;
  path: string;
  appIds: number[];
  page: number | undefined;
}

/** Scripted faults in the order they were added: a request takes the first one that matches it. */
export class FaultScript {
  private queue: { fault: Fault; left: number }[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error(`steam replay: fault times must be a positive integer, got ${times}`);
    this.queue.push({ fault, left: times });
  }

  take(target: FaultTarget): FaultKind | undefined {
    const index = this.queue.findIndex(({ fault }) => matches(fault, target));
    if (index < 0) return undefined;
    const scripted = this.queue[index];
    if (--scripted.left === 0) this.queue.splice(index, 1);
    return scripted.fault.kind;
  }

  clear(): void {
    this.queue = [];
  }
}

function matches({ host, match = {} }: Fault, target: FaultTarget): boolean {
  return (
    host === target.host &&
    matchesPath(target.path, match.path) &&
    (match.appId === undefined || target.appIds.includes(match.appId)) &&
    (match.page === undefined || target.page === match.page)
  );
}
