// The targets of issue 14 as ratios measured side by side in one `npm run bench` run, appended to a table in
// docs/benchmarks.md (one row per run, never replaced) with regressions against the previous row called out.
import { existsSync, readFileSync } from "node:fs";
import { writeDocSections } from "./bench-support";
import type { RunFigures } from "./report";

export interface Target {
  name: string;
  /** what is compared, for the table's header and the terminal */
  label: string;
  value: number;
  /** the target: value >= goal for ratios, value < goal for latencies */
  goal: number;
  higherIsBetter: boolean;
  unit: "%" | "ms";
  pass: boolean;
  /** for the record, not a target */
  info?: boolean;
}

export interface Regression {
  name: string;
  previous: number;
  value: number;
}

const DOC = "docs/benchmarks.md";
const SECTION = "ratios";
const COLUMNS = ["listVsDetail", "detailVsFloor", "detailP99At100", "listP99At20", "detailVsBare"] as const;

/** The four targets (and the bare ratio, for the record) from one run's figures. */
export function targets(runs: RunFigures[], detailRate: number, listRate: number): Target[] {
  const find = (endpoint: string, server: string, load = "closed") =>
    runs.find((r) => r.endpoint === endpoint && r.server === server && r.load === load) ?? { rps: NaN, p99Ms: NaN, errors: 0 };
  const detail = find("detail", "api");
  const ratio = (name: string, label: string, value: number, goal: number): Target => ({ name, label, value, goal, higherIsBetter: true, unit: "%", pass: value >= goal });
  const latency = (name: string, label: string, run: { p99Ms: number; errors: number }, goal: number): Target => ({
    name, label, value: run.p99Ms, goal, higherIsBetter: false, unit: "ms", pass: run.p99Ms < goal && run.errors === 0,
  });
  return [
    ratio("listVsDetail", "list / metered detail throughput", find("list", "api").rps / detail.rps, 0.3),
    ratio("detailVsFloor", "metered detail / Next's floor throughput", detail.rps / find("floor", "api-404").rps, 0.7),
    latency("detailP99At100", `metered detail p99 at ${detailRate} req/s open loop`, find("detail", "api", `${detailRate} req/s`), 30),
    latency("listP99At20", `list p99 at ${listRate} req/s open loop`, find("list", "api", `${listRate} req/s`), 100),
    { ...ratio("detailVsBare", "metered detail / bare-prisma throughput", detail.rps / find("detail", "bare-prisma").rps, 0), pass: true, info: true },
    // What the machine allows at the same rate: Next's floor and the anonymous detail (no token, no charge).
    { ...latency("floorP99At100", `Next's floor p99 at ${detailRate} req/s open loop`, find("floor", "api-404", `${detailRate} req/s`), 30), info: true },
    { ...latency("anonymousP99At100", `anonymous detail p99 at ${detailRate} req/s open loop`, find("detail", "api-anonymous", `${detailRate} req/s`), 30), info: true },
  ];
}

export const formatTarget = (t: Target) => (t.unit === "%" ? `${(t.value * 100).toFixed(0)}%` : `${Number.isFinite(t.value) ? t.value.toFixed(1) : "-"} ms`);
const formatGoal = (t: Target) => (t.unit === "%" ? `>= ${(t.goal * 100).toFixed(0)}%` : `< ${t.goal} ms`);

export function targetLines(list: Target[]): string[] {
  return list.map((t) => `- ${t.info ? "INFO" : t.pass ? "PASS" : "MISS"}: ${t.label}: ${formatTarget(t)}${t.info ? "" : ` (target ${formatGoal(t)})`}`);
}

/** Regressions of more than 20% against the previous recorded row (ratios lower, latencies higher). */
export function regressions(list: Target[], path = DOC): Regression[] {
  const previous = previousRow(path);
  if (!previous) return [];
  return list.flatMap((t) => {
    if (!(t.name in previous)) return [];
    const before = previous[t.name];
    if (!Number.isFinite(before) || !Number.isFinite(t.value)) return [];
    const worse = t.higherIsBetter ? t.value < before * 0.8 : t.value > before * 1.2;
    return worse ? [{ name: t.name, previous: before, value: t.value }] : [];
  });
}

export function regressionLines(found: Regression[], list: Target[]): string[] {
  if (!found.length) return ["- no ratio or latency is more than 20% worse than in the previous recorded run"];
  return found.map((r) => {
    const t = list.find((x) => x.name === r.name)!;
    const show = (v: number) => formatTarget({ ...t, value: v });
    return `- REGRESSION: ${t.label}: ${show(r.value)}, was ${show(r.previous)} in the previous recorded run`;
  });
}

/** Appends this run's row to the history table (the section is created on the first run). */
export function appendRatioRow(row: { date: string; load: number[]; machine: string; targets: Target[]; regressions: Regression[] }, path = DOC): void {
  const rows = existingRows(path);
  const cell = (name: string) => formatTarget(row.targets.find((t) => t.name === name)!);
  const flagged = row.regressions.map((r) => r.name).join(", ") || "none";
  rows.push(`| ${row.date.slice(0, 16).replace("T", " ")} | ${row.load.join(" / ")} | ${row.machine} | ${COLUMNS.map(cell).join(" | ")} | ${flagged} |`);
  writeDocSections(path, [[SECTION, [
    "## Ratios: issue 14's targets, one row per `npm run bench` run (appended, never replaced)",
    "",
    "Each row's figures come from one run, side by side on the same machine and load. Targets: list >= 30% of metered",
    "detail's throughput; metered detail >= 70% of Next's floor (an unknown /api/v1 path, same server); metered detail",
    "p99 < 30 ms at 100 req/s and list p99 < 100 ms at 20 req/s, open loop. Detail / bare is for the record. Regressions",
    "are figures more than 20% worse than the row before (ratios lower, latencies higher).",
    "",
    "| run (UTC) | load average (1/5/15 min) | machine | list / detail | detail / floor | detail p99 @100 req/s | list p99 @20 req/s | detail / bare-prisma | regressions |",
    "|---|---|---|---:|---:|---:|---:|---:|---|",
    ...rows,
    "",
  ].join("\n")]]);
}

function existingRows(path: string): string[] {
  if (!existsSync(path)) return [];
  const text = readFileSync(path, "utf8");
  const from = text.indexOf(`<!-- bench:${SECTION} -->`);
  const to = text.indexOf(`<!-- /bench:${SECTION} -->`);
  if (from < 0 || to < from) return [];
  return text.slice(from, to).split("\n").filter((line) => /^\| \d{4}-/.test(line));
}

function previousRow(path: string): Record<string, number> | undefined {
  const last = existingRows(path).at(-1);
  if (!last) return undefined;
  const cells = last.split("|").slice(1, -1).map((c) => c.trim());
  const values = cells.slice(3, 3 + COLUMNS.length).map((c) => (c.endsWith("%") ? Number(c.slice(0, -1)) / 100 : Number(c.replace(" ms", ""))));
  return Object.fromEntries(COLUMNS.map((name, i) => [name, values[i]]));
}
