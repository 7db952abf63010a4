import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { csvLine } from "./csv";
import type { Cell, Row } from "./table-rows";

export type ExportFormat = "csv" | "xlsx";

/** Rows arrive page by page; the file is written as they come, never held whole in memory. */
export type RowPages = AsyncIterable<Row[]>;

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const cellsOf = (row: Row, columns: string[]): Cell[] => columns.map((column) => row[column] ?? null);

/** CSV with a header row; a failure mid-way aborts the stream, so a truncated file never looks complete. */
export function csvStream(columns: string[], pages: RowPages): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(csvLine(columns)));
        return;
      }
      const next = await iterator.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((row) => csvLine(cellsOf(row, columns))).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * XLSX through exceljs's streaming writer. Text is written as text cells, which a spreadsheet never runs
 * as a formula; the same formula-looking text is still given the CSV's leading apostrophe, so both
 * downloads read alike. Numbers stay numbers; not-collected values stay empty cells.
 */
export function xlsxStream(columns: string[], pages: RowPages, sheetName: string): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  void (async () => {
    try {
      sheet.addRow(columns).commit();
      for await (const rows of pages) for (const row of rows) sheet.addRow(cellsOf(row, columns).map(xlsxCell)).commit();
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}

function xlsxCell(value: Cell): Cell {
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(value)) return `'${value}`;
  return value;
}
