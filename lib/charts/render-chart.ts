import { Resvg } from "@resvg/resvg-js";
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { CHART_HEIGHT, CHART_WIDTH, fitPlot } from "./chart-spec";
import { FONT_FILE, textWidth } from "./text-width";

type TextItem = { fontSize?: number; fontWeight?: string | number; limit?: number };

// Vega lays text out with the committed font's real widths instead of its 0.8 em guess (no canvas here).
// (vega's types omit textMetrics, which vega-scenegraph exports for exactly this.)
(vega as unknown as { textMetrics: { width: (item: TextItem, text: unknown) => number } }).textMetrics.width = (item, text) => {
  const fontSize = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
  const bold = item.fontWeight === "bold" || Number(item.fontWeight) >= 600;
  const width = textWidth(text == null ? "" : String(text).trim(), fontSize, bold);
  // A label Vega truncates to `limit` is never wider than that.
  return item.limit && item.limit > 0 ? Math.min(width, item.limit) : width;
};

/**
 * Vega-Lite -> Vega -> SVG on the server, offline, then placed on an opaque 1200x675 canvas (fitted, never
 * cropped) and rasterised by resvg with the committed font only.
 */
export async function renderChart(spec: TopLevelSpec): Promise<{ svg: string; png: Buffer }> {
  let inner = await toSvg(spec);
  const { width, height } = svgSize(inner);
  // Too big for the canvas: draw again with the plot smaller by the overflow, rather than shrink the text.
  if (width > CHART_WIDTH || height > CHART_HEIGHT) inner = await toSvg(fitPlot(spec, { width: width - CHART_WIDTH, height: height - CHART_HEIGHT }));
  const svg = onCanvas(inner);
  const png = new Resvg(svg, {
    background: "#ffffff",
    fitTo: { mode: "width", value: CHART_WIDTH },
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: "DejaVu Sans", sansSerifFamily: "DejaVu Sans" },
  })
    .render()
    .asPng();
  return { svg, png };
}

async function toSvg(spec: TopLevelSpec): Promise<string> {
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: "none" });
  const svg = await view.toSVG();
  view.finalize();
  return svg;
}

function svgSize(svg: string): { width: number; height: number } {
  return {
    width: Number(/<svg[^>]*\bwidth="([\d.]+)"/.exec(svg)?.[1] ?? CHART_WIDTH),
    height: Number(/<svg[^>]*\bheight="([\d.]+)"/.exec(svg)?.[1] ?? CHART_HEIGHT),
  };
}

function onCanvas(inner: string): string {
  const { width, height } = svgSize(inner);
  const open = /^<svg[^>]*>/.exec(inner)?.[0] ?? "<svg>";
  const attributes = open.replace(/\s(width|height|viewBox)="[^"]*"/g, "").replace(/^<svg/, "").replace(/>$/, "");
  const nested = `<svg x="0" y="0" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet"${attributes}>${inner.slice(open.length)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}"><rect width="100%" height="100%" fill="#ffffff"/>${nested}</svg>`;
}
