export interface SourceReport {
  read: number;
  /** records carried into a stored row: a game family, snapshot, review or tag (changed or not) */
  written: number;
  malformed: number;
  examples: { record: string; reason: string }[];
  /** valid records left out, by reason (e.g. review counts for an app no source names) */
  skipped?: Record<string, number>;
}

export interface ReviewLabelAgreement {
  compared: number;
  agreed: number;
  rate: number | null;
  disagreements: { appId: number; positive: number; negative: number; steam: string; ours: string }[];
}

export interface IngestReport {
  sources: Record<string, SourceReport>;
  /** rows per table that this run inserted or changed; a re-run of the same data reports zeros */
  written: Record<string, { inserted: number; updated: number }>;
  unknownTagNames: Record<string, number>;
  coverage: Record<string, number>;
  /** our Steam review labels against the labels Steam published with the 2021 review statistics */
  reviewLabelAgreement: ReviewLabelAgreement;
  durationMs: number;
}

const MAX_EXAMPLES = 5;

/** Counts what each source yields and what it could not, so a bad record never aborts the run. */
export class IngestLog {
  readonly sources: Record<string, SourceReport> = {};
  readonly unknownTagNames: Record<string, number> = {};

  private source(name: string): SourceReport {
    return (this.sources[name] ??= { read: 0, written: 0, malformed: 0, examples: [] });
  }

  read(name: string, count = 1): void {
    this.source(name).read += count;
  }

  written(name: string, count = 1): void {
    this.source(name).written += count;
  }

  malformed(name: string, record: string, reason: string): void {
    const report = this.source(name);
    report.malformed += 1;
    if (report.examples.length < MAX_EXAMPLES) report.examples.push({ record: record.slice(0, 120), reason });
  }

  skipped(name: string, reason: string, count = 1): void {
    if (count === 0) return;
    const report = this.source(name);
    report.skipped ??= {};
    report.skipped[reason] = (report.skipped[reason] ?? 0) + count;
  }

  unknownTag(name: string): void {
    this.unknownTagNames[name] = (this.unknownTagNames[name] ?? 0) + 1;
  }

  /** A whole file that cannot be read (bad gzip, bad JSON) is one malformed record, not a failed run. */
  guard<T>(name: string, file: string, fallback: T, read: () => T): T {
    try {
      return read();
    } catch (error) {
      this.malformed(name, file, `unreadable file: ${(error as Error).message}`);
      return fallback;
    }
  }
}
