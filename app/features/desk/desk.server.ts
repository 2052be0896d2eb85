import { json } from "@remix-run/node";

import { dayWords } from "@domain/intakes";
import { requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";

// The admissions desk (docs/decisions/076-the-admissions-desk.md): one API call, its figures
// turned into the rows the page shows.

export async function deskLoader(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const figures = await api.desk.figures();
  return json(
    {
      work: {
        newApplications: figures.newApplications,
        receiptsWaiting: figures.receiptsWaiting,
        guardiansPending: figures.guardiansPending,
        offersLapsing: figures.offersLapsing,
        savedForms: figures.savedForms,
        refundsToDecide: figures.refundsToDecide,
      },
      more: figures.more,
      intakes: figures.intakes.map((i) => ({
        id: i._id,
        courseId: i.courseId,
        course: i.courseTitle,
        start: dayWords(i.startDate),
        campus: i.campus,
        taken: i.seatsTaken,
        left: Math.max(0, i.seats - i.seatsTaken),
        seats: i.seats,
        waiting: i.waiting,
      })),
    },
    { headers: api.headers },
  );
}
