import { PassThrough, Readable } from "node:stream";

import type ExcelJS from "exceljs";

import { calendarDay, type Cell, cellText, isDateCell, isDayCell, isPhoneCell, lagosWallClock } from "@domain/csv";

// The spreadsheet export (docs/decisions/009-csv-exports-for-spreadsheets.md), for people: phone
// numbers are text cells (a leading 0 or + is kept, nothing is read as a number), moments and
// birthdays are dates, free text is a string, which a spreadsheet never runs as a formula.
// Written with exceljs's streaming writer: each row is committed (written out) as it is added,
// and a page is read only once the one before has left, so memory stays flat on any size.

const DATE_TIME = "yyyy-mm-dd hh:mm";
const DAY = "yyyy-mm-dd";
const TEXT = "@";

type Styled = { value: ExcelJS.CellValue; numFmt?: string };

function styled(value: Cell): Styled {
  if (isPhoneCell(value)) return { value: value.phone, numFmt: TEXT };
  if (isDateCell(value)) {
    const at = lagosWallClock(value.at);
    return at ? { value: at, numFmt: DATE_TIME } : { value: value.at };
  }
  if (isDayCell(value)) {
    const day = calendarDay(value.day);
    return day ? { value: day, numFmt: DAY } : { value: value.day };
  }
  if (typeof value === "number") return { value };
  return { value: cellText(value) };
}

/** What may wait, written and unread, before the next page is asked for. */
const MAX_BACKLOG = 1024 * 1024;
type Buffered = { _writableState?: { length?: number }; _readableState?: { length?: number } };
/**
 * Bytes written and not yet taken by the reader: the sheet's rows waiting for the zip writer
 * (exceljs hands them over without waiting) and the archive's output waiting for the reader.
 * Read from exceljs's own parts (`stream.pipes`, `zip`; exceljs 4.4.0 is pinned, and
 * tests/unit/xlsx.test.ts fails if they move).
 */
function backlog(
  sheet: ReturnType<ExcelJS.stream.xlsx.WorkbookWriter["addWorksheet"]>,
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
) {
  const pipes = (sheet as unknown as { stream?: { pipes?: Buffered[] } }).stream?.pipes ?? [];
  const waiting = pipes.reduce(
    (n, pipe) => n + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0),
    0,
  );
  return waiting + ((workbook as unknown as { zip?: { readableLength?: number } }).zip?.readableLength ?? 0);
}

/** Resolves when the reader took some (drain), went away (close), or after a moment (the zip works on). */
const readerMoved = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    const timer = setTimeout(done, 2);
    stream.on("drain", done);
    stream.on("close", done);
  });

/** One workbook of one sheet, streamed: `rows` gives the pages in order. */
export function xlsxStream(
  sheetName: string,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly Cell[])[]>,
  widths?: readonly number[],
) {
  const out = new PassThrough();
  (async () => {
    // Loaded by the first spreadsheet, not when the server starts: a process that never exports
    // does not keep exceljs's ≈ 8 MB of heap (docs/decisions/046-resident-memory.md).
    const { default: excel } = await import("exceljs");
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = header.map((h, i) => ({
      header: h,
      width: widths?.[i] ?? Math.max(12, Math.min(40, h.length + 4)),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    for await (const rows of pages) {
      // The reader went away (a cancelled download): nothing more is read or written.
      if (out.destroyed) return;
      for (const cells of rows) {
        const values = cells.map(styled);
        const row = sheet.addRow(values.map((v) => v.value));
        values.forEach((v, i) => {
          if (v.numFmt) row.getCell(i + 1).numFmt = v.numFmt;
        });
        row.commit();
      }
      // Wait for the reader before the next page: what is written and unread stays small.
      while (backlog(sheet, workbook) > MAX_BACKLOG && !out.destroyed) await readerMoved(out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    console.error("[export] the spreadsheet failed", error);
    // The download fails instead of ending in a file that looks complete.
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
