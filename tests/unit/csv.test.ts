import { describe, expect, it } from "vitest";

import { applicantValueText } from "@domain/applicant-values";
import { csvLagosTime, dateCell, dayCell, lagosTimeToSecond, lagosWallClock, phoneCell, toCsv } from "@domain/csv";
import { lagosDateFormat } from "@domain/schedule";
import { applicantsCsv, contactMessagesCsv, csvFileName } from "@domain/staff-exports";
import type { ApplicantListItem, ContactMessage } from "~/upstream/schemas";

// Splits RFC 4180 CSV into rows of unquoted cells, as a spreadsheet reads it.
function parseCsv(csv: string) {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const ch = csv[i];
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && csv[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

const message: ContactMessage = {
  _id: "m1",
  fullname: "Ada Obi",
  email: "ada@example.ng",
  phone: "+2348031234567",
  issue: 2,
  message: "Paid, see receipt",
  createdAt: "2026-11-23T23:30:00.000Z",
  readAt: null,
  readBy: null,
};

const applicant: ApplicantListItem = {
  _id: "a1",
  reference: "FLA-A1000000",
  firstname: "Chioma",
  lastname: "Okafor",
  gender: "Female",
  dob: "2004-02-29",
  email: "chi@example.ng",
  phone: "+2348031234567",
  street: "1 Marina",
  city: "Lagos",
  state: "akwa-ibom",
  postalCode: "100001",
  courseTitle: "Skincare & Cosmetics",
  courseType: "Crash Course",
  idCards: ["NIN", "Voter's Card"],
  parentConsent: "Yes",
  schoolName: "Queen's College",
  graduationYear: 2022,
  highestEducation: "secondary school certificate",
  emergencyFullname: "Ngozi Okafor",
  emergencyRelationship: "Mother",
  emergencyPhone: "+2348030000001",
  regTerms: true,
  regPrivacy: false,
  createdAt: "2026-06-30T23:15:00.000Z",
  status: "new",
  latestNote: null,
};

// The plain CSV is for tools (bulk SMS, mail merge): what a cell holds is the value itself
// (docs/decisions/009-csv-exports-for-spreadsheets.md).
describe("CSV cells", () => {
  it("writes a phone number in E.164 as it is: no formula, no quote mark, no prefix", () => {
    const csv = toCsv(["Phone"], [[phoneCell("+2348031234567")], [phoneCell("+447911123456")]]);
    expect(csv).toBe("Phone\r\n+2348031234567\r\n+447911123456\r\n");
    expect(csv).not.toContain("=");
    expect(csv).not.toContain("'");
  });

  it("guards a phone cell that is not E.164 (a row from before the rule) like any free text", () => {
    expect(toCsv(["x"], [[phoneCell("+234 803 123")]])).toBe("x\r\n'+234 803 123\r\n");
    expect(toCsv(["x"], [[phoneCell('=HYPERLINK("x")')]])).toBe('x\r\n"\'=HYPERLINK(""x"")"\r\n');
    expect(toCsv(["x"], [[phoneCell("0803 123 4567")]])).toBe("x\r\n0803 123 4567\r\n");
    expect(toCsv(["x"], [[phoneCell("")]])).toBe("x\r\n\r\n");
  });

  it("still defuses formulas in ordinary cells", () => {
    expect(toCsv(["a"], [["=1+1"], ["@SUM(A1)"], ["-2"], ["+2348031234567"]])).toBe(
      "a\r\n'=1+1\r\n'@SUM(A1)\r\n'-2\r\n'+2348031234567\r\n",
    );
  });

  it("writes a moment in Lagos time and a day as it is", () => {
    expect(toCsv(["a", "b"], [[dateCell("2026-11-23T23:30:00.000Z"), dayCell("2004-02-29")]])).toBe(
      "a,b\r\n2026-11-24 00:30,2004-02-29\r\n",
    );
  });

  it("starts with the header itself: no byte-order mark for a tool to read as part of the first name", () => {
    expect(toCsv(["Received"], []).charCodeAt(0)).toBe("R".charCodeAt(0));
  });
});

describe("CSV times are Lagos wall-clock time", () => {
  it("turns UTC into Lagos time (UTC+1), across midnight and month ends", () => {
    expect(csvLagosTime("2026-11-23T23:30:00.000Z")).toBe("2026-11-24 00:30");
    expect(csvLagosTime("2026-06-30T23:15:00Z")).toBe("2026-07-01 00:15");
    expect(csvLagosTime("2026-01-05T08:05:00Z")).toBe("2026-01-05 09:05");
  });

  it("leaves a value that is not a time as it was", () => {
    expect(csvLagosTime("not a date")).toBe("not a date");
    expect(lagosWallClock("not a date")).toBeNull();
  });

  it("reads the same time as the time-zone data at any moment (the offset is kept per day)", () => {
    const formatter = lagosDateFormat({
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    // Every 5 days and 7 minutes or so from 1900 (Lagos had other offsets then) to 2040.
    for (let t = Date.UTC(1900, 0, 1); t < Date.UTC(2040, 0, 1); t += 432_421_337) {
      const p = Object.fromEntries(formatter.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
      const iso = new Date(t).toISOString();
      expect(csvLagosTime(iso)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`);
      expect(lagosWallClock(iso)!.getTime()).toBe(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!));
      // The security log's times, to the second (docs/security.md, "Security log").
      expect(lagosTimeToSecond(iso)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`);
    }
  });

  it("dates the file name in Lagos too", () => {
    expect(csvFileName("applicants", new Date("2026-12-31T23:30:00Z"))).toBe("applicants-2027-01-01.csv");
  });
});

describe("applicant values as people read them", () => {
  it("shows the state's name, the education label and Yes/No", () => {
    expect(applicantValueText("state", "lagos")).toBe("Lagos");
    expect(applicantValueText("state", "fct")).toBe("Federal Capital Territory (Abuja)");
    expect(applicantValueText("highestEducation", "secondary school certificate")).toBe("Secondary School Certificate");
    expect(applicantValueText("regTerms", true)).toBe("Yes");
    expect(applicantValueText("regPrivacy", false)).toBe("No");
    expect(applicantValueText("idCards", ["NIN", "Voter's Card"])).toBe("NIN, Voter's Card");
  });

  it("keeps a value it has no label for", () => {
    expect(applicantValueText("state", "atlantis")).toBe("atlantis");
    expect(applicantValueText("courseType", "Full Course")).toBe("Full Course");
  });
});

describe("the inbox's CSV files", () => {
  it("contact messages: Lagos time, phone as text, the matter's label", () => {
    const [header, row] = parseCsv(contactMessagesCsv([message]));
    expect(header).toEqual(["Received", "Name", "Email", "Phone", "Matter", "Message", "Read/unread", "Read by"]);
    expect(row).toEqual([
      "2026-11-24 00:30",
      "Ada Obi",
      "ada@example.ng",
      "+2348031234567",
      "Payment-related",
      "Paid, see receipt",
      "Unread",
      "",
    ]);
    const read = {
      ...message,
      readAt: "2026-11-24T08:00:00.000Z",
      readBy: { id: "u1", name: "Bisi", email: "b@x.ng" },
    };
    const [, readRow] = parseCsv(contactMessagesCsv([read]));
    expect(readRow.slice(6)).toEqual(["Read", "Bisi (b@x.ng)"]);
  });

  it("applicants: every field under its label, as the form showed it", () => {
    const [header, row] = parseCsv(applicantsCsv([applicant]));
    const byLabel = Object.fromEntries(header.map((label, i) => [label, row[i]]));
    expect(header.slice(0, 3)).toEqual(["id", "Reference", "First name"]);
    expect(byLabel).toMatchObject({
      id: "a1",
      Reference: "FLA-A1000000",
      State: "Akwa Ibom",
      "Highest education": "Secondary School Certificate",
      Phone: "+2348031234567",
      "Emergency phone": "+2348030000001",
      "ID cards": "NIN, Voter's Card",
      "Accepted the terms": "Yes",
      "Accepted the privacy policy": "No",
      Received: "2026-07-01 00:15",
      "Date of birth": "2004-02-29",
      School: "Queen's College",
    });
    expect(header).toHaveLength(row.length);
  });

  it("carries the consent versions accepted and the guardian's confirmation (decision 033)", () => {
    const minor: ApplicantListItem = {
      ...applicant,
      consents: { terms: 1, privacy: 2, notice: 1, guardian: 1 },
      guardian: {
        name: "Ngozi Okafor",
        relationship: "Mother",
        phone: "0803",
        email: "n@example.ng",
        confirmedAt: null,
      },
    };
    const [header, withConsents, before] = parseCsv(applicantsCsv([minor, applicant]));
    const at = (row: string[], label: string) => row[header.indexOf(label)];
    expect(at(withConsents, "Consent versions")).toBe(
      "Terms v1, Privacy notice v2, Processing notice v1, Guardian's consent v1",
    );
    expect(at(withConsents, "Guardian")).toBe("not confirmed");
    expect(at(before, "Consent versions")).toBe("");
    expect(at(before, "Guardian")).toBe("");
  });

  it("carries the status's name and the latest note with its author and Lagos time (docs/product.md §4)", () => {
    const paid: ApplicantListItem = {
      ...applicant,
      status: "paid",
      latestNote: {
        body: "Paid in cash, receipt 12",
        createdAt: "2026-07-02T09:05:00.000Z",
        author: { id: "u1", name: "Bisi", email: "bisi@academy.test" },
      },
    };
    const [header, withNote, withoutNote] = parseCsv(applicantsCsv([paid, applicant]));
    const at = (row: string[], label: string) => row[header.indexOf(label)];
    expect(at(withNote, "Status")).toBe("Paid");
    expect(at(withNote, "Latest note")).toBe("Paid in cash, receipt 12 (Bisi (bisi@academy.test), 2026-07-02 10:05)");
    expect(at(withoutNote, "Status")).toBe("Received");
    expect(at(withoutNote, "Latest note")).toBe("");
  });
});
