import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";

import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";

import { applicantsExport, contactMessagesExport } from "@domain/staff-exports";
import { xlsxStream } from "~/features/exports/xlsx.server";
import type { ApplicantListItem, ContactMessage } from "~/upstream/schemas";

// The spreadsheet export for people (docs/decisions/009-csv-exports-for-spreadsheets.md): read
// back with exceljs as a spreadsheet program would, cell by cell.

async function* pagesOf<T>(...pages: T[][]) {
  for (const page of pages) yield page;
}

async function readBack(stream: ReadableStream<Uint8Array>) {
  const bytes = Buffer.from(await new Response(stream).arrayBuffer());
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([bytes]));
  return workbook.worksheets[0]!;
}

const message: ContactMessage = {
  _id: "m1",
  fullname: '=HYPERLINK("http://evil.example","Ada")',
  email: "ada@example.ng",
  phone: "+2348031234567",
  issue: 2,
  message: "@SUM(A1:A2)",
  createdAt: "2026-11-23T23:30:00.000Z",
  readAt: "2026-11-24T08:00:00.000Z",
  readBy: { id: "u1", name: "Bisi", email: "b@x.ng" },
};

describe("the .xlsx export", () => {
  it("keeps phone numbers as text cells, times as Lagos dates, and never writes a formula", async () => {
    const sheet = await readBack(
      xlsxStream("Messages", contactMessagesExport.header, pagesOf([contactMessagesExport.cells(message)])),
    );
    expect(sheet.name).toBe("Messages");
    expect(sheet.getRow(1).values).toEqual([undefined, ...contactMessagesExport.header]);
    const row = sheet.getRow(2);
    const received = row.getCell(1);
    expect(received.type).toBe(ExcelJS.ValueType.Date);
    // 00:30 in Lagos (UTC+1): the cell shows what the page shows.
    expect((received.value as Date).toISOString()).toBe("2026-11-24T00:30:00.000Z");
    expect(received.numFmt).toBe("yyyy-mm-dd hh:mm");
    const phone = row.getCell(4);
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.value).toBe("+2348031234567");
    expect(phone.numFmt).toBe("@");
    for (const column of [2, 6]) {
      expect(row.getCell(column).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(column).formula).toBeUndefined();
    }
    expect(row.getCell(2).value).toBe(message.fullname);
    expect(row.getCell(7).value).toBe("Read");
  });

  it("writes the applicants' reference, a date of birth as a date, and every page's rows in order", async () => {
    const base = {
      reference: "FLA-A1000000",
      firstname: "Chioma",
      lastname: "Okafor",
      gender: "Female",
      dob: "2004-02-29",
      email: "chi@example.ng",
      phone: "+2348031234567",
      street: "1 Marina",
      city: "Lagos",
      state: "lagos",
      postalCode: "",
      courseTitle: "Skincare",
      courseType: "Crash Course",
      idCards: ["NIN"],
      parentConsent: "Yes",
      schoolName: "",
      graduationYear: null,
      highestEducation: "none",
      emergencyFullname: "Ngozi Okafor",
      emergencyRelationship: "Mother",
      emergencyPhone: "08030000001",
      regTerms: true,
      regPrivacy: true,
      createdAt: "2026-06-30T23:15:00.000Z",
      status: "new",
      latestNote: null,
    } satisfies Omit<ApplicantListItem, "_id">;
    const rows = (ids: string[]) => ids.map((_id) => applicantsExport.cells({ ...base, _id }));
    const sheet = await readBack(
      xlsxStream("Applicants", applicantsExport.header, pagesOf(rows(["a1", "a2"]), rows(["a3"]))),
    );
    const header = sheet.getRow(1).values as unknown[];
    const at = (row: number, label: string) => sheet.getRow(row).getCell(header.indexOf(label));
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(1).value)).toEqual(["a1", "a2", "a3"]);
    expect(at(2, "Reference").value).toBe("FLA-A1000000");
    expect((at(2, "Date of birth").value as Date).toISOString()).toBe("2004-02-29T00:00:00.000Z");
    expect(at(2, "Date of birth").numFmt).toBe("yyyy-mm-dd");
    // A phone from before the rule stays as typed, still text: the leading 0 is kept.
    expect(at(2, "Emergency phone").value).toBe("08030000001");
    expect(at(2, "Emergency phone").type).toBe(ExcelJS.ValueType.String);
  });
});

describe("the .xlsx export streams", () => {
  it("asks for the next page only as the reader takes the file: memory stays about a page", async () => {
    let pulled = 0;
    // Words that do not compress: the writer's backlog is real bytes, as with real messages.
    const pages = 40;
    async function* many() {
      for (let p = 0; p < pages; p++) {
        pulled++;
        yield Array.from({ length: 500 }, (_, i) =>
          contactMessagesExport.cells({
            ...message,
            _id: `m${p}-${i}`,
            message: `message ${p}-${i} ${randomBytes(300).toString("base64")}`,
          }),
        );
      }
    }
    const stream = xlsxStream("Messages", contactMessagesExport.header, many());
    // Nobody reads yet: the writer stops after the first pages (about a megabyte waiting) instead
    // of building the whole file, and stays stopped until the reader takes some.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pulled).toBeLessThan(pages / 2);
    // The archive compresses what waits, which lets a page or so more in, but never the rest.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(pulled).toBeLessThan(pages / 2);
    const sheet = await readBack(stream);
    expect(pulled).toBe(pages);
    expect(sheet.rowCount).toBe(pages * 500 + 1);
  }, 30_000);
});
