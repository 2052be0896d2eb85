import { json } from "@remix-run/node";

import { type Cell, cellText, isPhoneCell, phoneCell, toCsv } from "@domain/csv";
import { dayWords } from "@domain/intakes";
import { applicationReference } from "@domain/registrations";
import { APPLICANT_STATUS_LABELS } from "@domain/staff-words";
import { rosterText as t } from "~/content/desk";
import { requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { downloadHeaders } from "~/features/exports/exports.server";
import { xlsxStream } from "~/features/exports/xlsx.server";
import { type Statement, UpstreamError } from "~/upstream/index.server";

// An intake's class list (docs/decisions/076-the-admissions-desk.md): one API call, its rows in
// the words the page, the print, the CSV and the spreadsheet share. Phone numbers are phone cells,
// so the spreadsheet keeps them as text (a leading + or 0 is not lost).

/** What the class list's Payment column says: "Paid" only when nothing is owed (docs/decisions/093). */
function paymentCell(s: Statement, proof: string | null) {
  const next = s.dueNext;
  if (s.settled || !next) return s.paid.kobo > 0 ? t.payment.settled : t.payment.nothing;
  const nextText =
    next.what === "registration"
      ? t.payment.nextRegistration(next.text)
      : next.n
        ? t.payment.nextInstalment(next.n, next.text, dayWords(next.dueOn ?? ""))
        : t.payment.nextCourseFee(next.text, dayWords(next.dueOn ?? ""));
  const owed = t.payment.owed(s.owed.text, nextText);
  return proof === "waiting" ? `${owed} (${t.payment.receiptWaiting})` : owed;
}

async function rosterRows(request: Request, route: StaffRouteId, intakeId: string) {
  const { api } = await requireStaffRoute(request, route);
  try {
    const { intake, applicants } = await api.desk.roster(intakeId);
    const rows = applicants.map((a): Cell[] => [
      applicationReference(a._id),
      `${a.firstname} ${a.lastname}`,
      phoneCell(a.phone),
      a.email,
      APPLICANT_STATUS_LABELS[a.status as keyof typeof APPLICANT_STATUS_LABELS] ?? a.status,
      a.seat ? t.place.seat : a.waiting ? t.place.waiting : t.place.none,
      paymentCell(a.statement, a.paymentProof),
      a.transferReference ?? "",
      a.guardian?.name ?? "",
      a.guardian?.phone ? phoneCell(a.guardian.phone) : "",
      a.guardian ? (t.consent[a.guardian.consent] ?? "") : "",
    ]);
    return { api, intake, rows };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
}

export async function rosterLoader(request: Request, route: StaffRouteId, intakeId: string) {
  const { api, intake, rows } = await rosterRows(request, route, intakeId);
  return json(
    {
      id: intake._id,
      title: t.title(intake.courseTitle, dayWords(intake.startDate)),
      summary: t.summary(intake.campus, intake.seatsTaken, intake.seats, intake.waiting),
      rows: rows.map((row) => row.map((cell) => (isPhoneCell(cell) ? cell.phone : cellText(cell)))),
    },
    { headers: api.headers },
  );
}

export async function rosterCsv(request: Request, route: StaffRouteId, intakeId: string) {
  const { intake, rows } = await rosterRows(request, route, intakeId);
  return new Response(toCsv(t.columns, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="class-list-${intake.startDate}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** The same class list as a spreadsheet, through the applicants export's writer (xlsx.server.ts). */
export async function rosterXlsx(request: Request, route: StaffRouteId, intakeId: string) {
  const { intake, rows } = await rosterRows(request, route, intakeId);
  async function* onePage() {
    yield rows;
  }
  return new Response(xlsxStream(t.metaTitle, t.columns, onePage()), {
    headers: downloadHeaders(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      `class-list-${intake.startDate}.xlsx`,
    ),
  });
}
