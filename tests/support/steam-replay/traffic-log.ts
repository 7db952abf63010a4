import type { LoggedRequest, RequestFilter, SteamHost } from "./types";

/** Every request each host received, in arrival order, with the status it was answered. */
export class TrafficLog {
  private entries: LoggedRequest[] = [];

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
  }

  list(host?: SteamHost): LoggedRequest[] {
    return this.entries.filter((entry) => host === undefined || entry.host === host).map((entry) => ({ ...entry }));
  }

  count(filter: RequestFilter | ((request: LoggedRequest) => boolean) = {}): number {
    const test = typeof filter === "function" ? filter : (entry: LoggedRequest) => matchesFilter(entry, filter);
    return this.entries.filter((entry) => test({ ...entry })).length;
  }

  clear(): void {
    this.entries = [];
  }
}

export function matchesPath(path: string, pattern: RegExp | string | undefined): boolean {
  if (pattern === undefined) return true;
  if (typeof pattern === "string") return path.startsWith(pattern);
  pattern.lastIndex = 0; // a /g pattern remembers where it last matched
  return pattern.test(path);
}

function matchesFilter(entry: LoggedRequest, filter: RequestFilter): boolean {
  return (
    (filter.host === undefined || entry.host === filter.host) &&
    matchesPath(entry.path, filter.path) &&
    (filter.appId === undefined || entry.appIds.includes(filter.appId)) &&
    (filter.status === undefined || entry.status === filter.status) &&
    (filter.limited === undefined || entry.limited === filter.limited) &&
    (filter.address === undefined || entry.address === filter.address) &&
    (filter.request === undefined || entry.query.request === filter.request)
  );
}
