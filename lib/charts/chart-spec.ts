import type { TopLevelSpec } from "vega-lite";
import type { Row } from "../export/table-rows";
import { axisLabel, isEstimate, MIN_GROUP_SIZE, type ChartKind, type ChartTable } from "./chart-data";
import { wrapText } from "./text-width";

export const CHART_WIDTH = 1200;
export const CHART_HEIGHT = 675;
/** At most five colours: one for observed figures, one for estimates, one for small groups, text greys. */
export const PALETTE = { observed: "#2563eb", estimate: "#d97706", faded: "#94a3b8", text: "#1f2937", caption: "#4b5563" };
const FONT = "DejaVu Sans";
const MAX_BARS = 40;
const PLOT_WIDTH = CHART_WIDTH - 160;
const PLOT_HEIGHT = 420;
const MIN_PLOT = 200;
const TITLE_SIZE = 22;
const CAPTION_SIZE = 13;
const CAPTION_LINE = 20;

export interface ChartContext {
  kind: ChartKind;
  /** the API call the figures come from, e.g. `GET /api/v1/games?tags=rogue-like` */
  source: string;
  /** what the drawn rows are out of, e.g. "25 of 1,204 matching games" */
  denominator: string;
  generatedOn: string;
}

export interface ChartSpecResult {
  spec: TopLevelSpec;
  title: string;
  caption: string[];
  drawn: number;
  notCollected: number;
}

/**
 * A Vega-Lite spec that keeps the rules of an honest chart: rows whose value was not collected are left
 * out and counted in the caption (never drawn as 0); estimates are coloured and labelled as estimates;
 * groups under MIN_GROUP_SIZE games are faded and flagged; the title describes, never explains; the
 * caption names source, observation window and denominator.
 */
export function buildChartSpec(table: ChartTable, context: ChartContext): ChartSpecResult {
  const { x, y } = table;
  const needsY = context.kind !== "histogram";
  const usable = table.rows.filter((row) => row[x] !== null && row[x] !== undefined && (!needsY || typeof row[y] === "number"));
  const limited = context.kind === "bar" ? usable.slice(0, MAX_BARS) : usable;
  const notCollected = table.rows.length - usable.length;
  const estimate = isEstimate(needsY ? y : x);
  const small = limited.filter((row) => typeof row.games === "number" && row.games < MIN_GROUP_SIZE).length;
  const values = limited.map((row) => ({ ...pick(row, [x, y]), __small: typeof row.games === "number" && row.games < MIN_GROUP_SIZE }));
  const title = chartTitle(context.kind, x, y, estimate);
  const caption = captionLines(table, context, { drawn: limited.length, notCollected, cut: usable.length - limited.length, estimate, small });
  const plot = plotSpec(context.kind, x, y, estimate, values);
  const spec = {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    background: "#ffffff",
    padding: 24,
    // Long titles, sources and captions wrap to the plot's width: nothing is cut off or shrinks the chart.
    title: {
      text: wrapText(title, PLOT_WIDTH, TITLE_SIZE, true),
      subtitle: wrapText(context.source, PLOT_WIDTH, CAPTION_SIZE),
      anchor: "start",
      offset: 14,
      font: FONT,
      fontSize: TITLE_SIZE,
      color: PALETTE.text,
      subtitleFontSize: CAPTION_SIZE,
      subtitleColor: PALETTE.caption,
      subtitleFont: FONT,
    },
    config: {
      font: FONT,
      axis: { labelFont: FONT, titleFont: FONT, labelFontSize: 12, titleFontSize: 14, labelLimit: 180 },
      // An axis title longer than its axis ends in an ellipsis instead of stretching the chart.
      axisX: { titleLimit: PLOT_WIDTH },
      axisY: { titleLimit: PLOT_HEIGHT },
      view: { stroke: null },
    },
    vconcat: [plot, captionSpec(caption)],
  } as unknown as TopLevelSpec;
  return { spec, title, caption, drawn: limited.length, notCollected };
}

function chartTitle(kind: ChartKind, x: string, y: string, estimate: boolean): string {
  const mark = estimate ? " (estimates)" : "";
  if (kind === "histogram") return `Distribution of ${axisLabel(x).toLowerCase()}${mark}`;
  if (kind === "scatter") return `${axisLabel(y)} against ${axisLabel(x).toLowerCase()}${mark}`;
  if (kind === "line") return `${axisLabel(y)} over ${axisLabel(x).toLowerCase()}${mark}`;
  return `${axisLabel(y)} by ${axisLabel(x).toLowerCase()}${mark}`;
}

function captionLines(table: ChartTable, context: ChartContext, facts: { drawn: number; notCollected: number; cut: number; estimate: boolean; small: number }): string[] {
  const lines = [`Source: Ludex, ${context.source}. Figures: ${context.denominator}; ${facts.drawn} drawn.`, `Observed: ${observationWindow(table.rows)}. Generated ${context.generatedOn}.`];
  const notes: string[] = [];
  if (facts.notCollected > 0) notes.push(`${facts.notCollected} without a collected value left out (not drawn as 0)`);
  if (facts.cut > 0) notes.push(`${facts.cut} more not shown (first ${facts.drawn} drawn)`);
  if (facts.estimate) notes.push("values are estimates, not observations");
  if (facts.small > 0) notes.push(`${facts.small} group(s) under ${MIN_GROUP_SIZE} games faded: too small to compare`);
  if (notes.length) lines.push(`Notes: ${notes.join("; ")}.`);
  return lines;
}

/** The span of the observation dates the rows carry (`*.observedAt`, `observedOn`), or a plain admission. */
function observationWindow(rows: Row[]): string {
  const dates = rows.flatMap((row) =>
    Object.entries(row)
      .filter(([column, value]) => /observed(At|On)$/.test(column) && typeof value === "string")
      .map(([, value]) => String(value).slice(0, 10)),
  );
  if (dates.length === 0) return "dates as the operation's sources report them (not per row)";
  dates.sort();
  return dates[0] === dates.at(-1) ? dates[0] : `${dates[0]} to ${dates.at(-1)}`;
}

function plotSpec(kind: ChartKind, x: string, y: string, estimate: boolean, values: Record<string, unknown>[]) {
  const colour = estimate ? PALETTE.estimate : PALETTE.observed;
  const width = PLOT_WIDTH;
  const height = PLOT_HEIGHT;
  const field = (name: string) => name.replace(/\./g, "\\.");
  const quantitative = (name: string) => ({ field: field(name), type: "quantitative", title: axisLabel(name) + (isEstimate(name) ? " (estimate)" : "") });
  const base = { width, height, data: { values } };
  if (kind === "histogram") {
    return { ...base, mark: { type: "bar", color: colour }, encoding: { x: { ...quantitative(x), bin: { maxbins: 30 } }, y: { aggregate: "count", type: "quantitative", title: "Number of items" } } };
  }
  if (kind === "scatter") {
    return { ...base, mark: { type: "point", filled: true, color: colour, opacity: 0.7 }, encoding: { x: quantitative(x), y: quantitative(y) } };
  }
  const xType = kind === "line" ? (/(On|At|date)$/.test(x) ? "temporal" : "ordinal") : "nominal";
  const xEncoding = { field: field(x), type: xType, title: axisLabel(x), sort: kind === "bar" ? null : undefined, axis: { labelAngle: kind === "bar" ? -40 : 0 } };
  const mark = kind === "line" ? { type: "line", point: true, color: colour, strokeDash: estimate ? [6, 4] : undefined } : { type: "bar", color: colour };
  const opacity = kind === "bar" ? { condition: { test: "datum.__small", value: 0.35 }, value: 1 } : undefined;
  return { ...base, mark, encoding: { x: xEncoding, y: quantitative(y), ...(opacity ? { opacity } : {}) } };
}

function captionSpec(captionLines: string[]) {
  const lines = captionLines.flatMap((line) => wrapText(line, PLOT_WIDTH, CAPTION_SIZE));
  return {
    width: PLOT_WIDTH,
    height: lines.length * CAPTION_LINE,
    data: { values: lines.map((text, line) => ({ text, line })) },
    mark: { type: "text", align: "left", baseline: "top", fontSize: CAPTION_SIZE, color: PALETTE.caption, font: FONT },
    encoding: { text: { field: "text" }, y: { field: "line", type: "ordinal", axis: null }, x: { value: 0 } },
  };
}

/**
 * The spec with its plot made smaller by what the whole drawing overflows the canvas (rotated labels, wrapped
 * lines): the canvas then holds the chart at full size instead of scaling everything, text included, down.
 */
export function fitPlot(spec: TopLevelSpec, overflow: { width: number; height: number }): TopLevelSpec {
  const [plot, ...rest] = (spec as unknown as { vconcat: { width: number; height: number }[] }).vconcat;
  const fitted = {
    ...plot,
    width: Math.max(MIN_PLOT, Math.floor(plot.width - Math.max(0, overflow.width))),
    height: Math.max(MIN_PLOT, Math.floor(plot.height - Math.max(0, overflow.height))),
  };
  return { ...spec, vconcat: [fitted, ...rest] } as unknown as TopLevelSpec;
}

function pick(row: Row, columns: string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((column) => [column, row[column] ?? null]));
}
