export interface SourceReport {
  read: number;
  malformed: number;
  examples: { record: string; reason: string }[];
}

export interface IngestReport {
  sources: Record<string, SourceReport>;
  written: Record<string, { inserted: number; updated: number }>;
  unknownTagNames: Record<string, number>;
  coverage: Record<string, number>;
  durationMs: number;
}

const MAX_EXAMPLES = 5;

/** Counts what each source yields and what it could not, so a bad record never aborts the run. */
export class IngestLog {
  readonly sources: Record<string, SourceReport> = {};
  readonly unknownTagNames: Record<string, number> = {};

  private source(name: string): SourceReport {
    return (this.sources[name] ??= { read: 0, malformed: 0, examples: [] });
  }

  read(name: string, count = 1): void {
    this.source(name).read += count;
  }

  malformed(name: string, record: string, reason: string): void {
    const report = this.source(name);
    report.malformed += 1;
    if (report.examples.length < MAX_EXAMPLES) report.examples.push({ record: record.slice(0, 120), reason });
  }

  unknownTag(name: string): void {
    this.unknownTagNames[name] = (this.unknownTagNames[name] ?? 0) + 1;
  }
}
