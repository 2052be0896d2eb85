import { json } from "@remix-run/node";

import { toCsv } from "@domain/csv";
import { dayWords } from "@domain/intakes";
import { applicationReference } from "@domain/registrations";
import { APPLICANT_STATUS_LABELS } from "@domain/staff-words";
import { rosterText as t } from "~/content/desk";
import { requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { UpstreamError } from "~/upstream/index.server";

// An intake's class list (docs/decisions/076-the-admissions-desk.md): one API call, its rows in
// the words the page, the print and the CSV share.

async function rosterRows(request: Request, route: StaffRouteId, intakeId: string) {
  const { api } = await requireStaffRoute(request, route);
  try {
    const { intake, applicants } = await api.desk.roster(intakeId);
    const rows = applicants.map((a) => [
      applicationReference(a._id),
      `${a.firstname} ${a.lastname}`,
      a.phone,
      a.email,
      APPLICANT_STATUS_LABELS[a.status as keyof typeof APPLICANT_STATUS_LABELS] ?? a.status,
      a.seat ? t.place.seat : a.waiting ? t.place.waiting : t.place.none,
      t.payment[a.paymentProof ?? "none"] ?? "",
      a.transferReference ?? "",
      a.guardian?.name ?? "",
      a.guardian?.phone ?? "",
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
      rows,
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
