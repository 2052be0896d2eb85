import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import { dayWords } from "@domain/intakes";
import { formatNaira } from "@domain/naira";
import { intakeFormMessages, intakesStaffCopy as t, scheduleKindWords } from "~/content/intakes";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { UpstreamError } from "~/upstream/index.server";
import type { StaffIntake } from "~/upstream/intakes.server";
import { siteSettingsFor } from "~/upstream/settings.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { coursePath } from "~/utils/paths";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

import { intakeFormSchema, type IntakeFormValues, intakeStatusFormSchema, planParts } from "./schema";

// The staff page of a course's intakes (docs/decisions/068-intakes-and-seats.md): its list with
// the numbers, one form to add or edit an intake, and close / archive / open again per row.
// Admissions and Admin (the applicants permission); the API checks the same.

const FORM_FIELDS = Object.keys(intakeFormSchema.def.shape);

const pagePath = (courseId: string) => `/admin/courses/${encodeURIComponent(courseId)}/intakes`;

async function courseOf(api: Awaited<ReturnType<typeof requireStaffRoute>>["api"], id: string) {
  try {
    return await api.items("course").get(id, { preview: true });
  } catch (error) {
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 410))
      throw new Response("Not found", { status: 404 });
    throw error;
  }
}

/** A row of the staff table: its words made here. */
function rowOf(i: StaffIntake) {
  return {
    id: i._id,
    status: i.status,
    start: dayWords(i.startDate),
    schedule: `${scheduleKindWords[i.scheduleKind]} · ${i.schedule}`,
    campus: i.campus,
    seats: `${i.seatsTaken} / ${i.seats}`,
    waiting: i.waiting,
    window: t.window(dayWords(i.opensOn), dayWords(i.closesOn)),
    fee: formatNaira(i.fee),
  };
}

/** An intake's values as the form shows them. */
function formValues(i: StaffIntake): IntakeFormValues {
  return {
    intakeId: i._id,
    startDate: i.startDate,
    endDate: i.endDate ?? "",
    duration: i.duration,
    scheduleKind: i.scheduleKind,
    schedule: i.schedule,
    campus: i.campus,
    seats: String(i.seats),
    opensOn: i.opensOn,
    closesOn: i.closesOn,
    courseTypes: i.courseTypes,
    fee: String(i.fee),
    ...Object.fromEntries(
      i.instalments.flatMap((p, k) => [
        [`instalmentAmount${k + 1}`, String(p.amount)],
        [`instalmentDue${k + 1}`, p.dueOn],
      ]),
    ),
  };
}

export async function intakesLoader(request: Request, route: StaffRouteId, courseId: string) {
  const { api } = await requireStaffRoute(request, route);
  const course = await courseOf(api, courseId);
  const [intakes, settings] = await Promise.all([api.intakes.staffList(course._id), siteSettingsFor(request)]);
  const editId = new URL(request.url).searchParams.get("edit");
  const editing = intakes.find((i) => i._id === editId);
  return json(
    {
      course: { id: course._id, title: course.title, path: coursePath(course), courseTypes: course.courseTypes },
      rows: intakes.map(rowOf),
      editing: editing ? formValues(editing) : null,
      // The campuses Settings name: the form offers them, so an intake's campus is written one way.
      campuses: settings.contact.campuses.map((c) => c.name.trim()).filter(Boolean),
    },
    { headers: api.headers },
  );
}

export async function intakesAction(request: Request, route: StaffRouteId, courseId: string) {
  const { api } = await requireStaffRoute(request, route);
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([intakeFormSchema], ["intent", "status"]));
  const here = pagePath(courseId);
  if (formData.get("intent") === "status") {
    const parsed = intakeStatusFormSchema.safeParse(Object.fromEntries(formData));
    if (!parsed.success) throw new Response("Bad request", { status: 400 });
    try {
      await api.intakes.setStatus(courseId, parsed.data.intakeId, parsed.data.status);
    } catch (error) {
      await loginIfUnauthorized(error, request);
      if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
      throw error;
    }
    return redirectWithToast(
      here,
      { message: t.statusChanged[parsed.data.status] ?? t.saved, type: "success" },
      { headers: api.headers },
      request,
    );
  }
  const submission = parseWithZod(formData, { schema: intakeFormSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply({ formErrors: [t.fixBelow] }) }, { status: 400 });
  const { intakeId, startDate, endDate, duration, scheduleKind, schedule, campus, seats, opensOn, closesOn } =
    submission.value;
  const fields = {
    startDate,
    endDate: endDate ?? "",
    duration: duration ?? "",
    scheduleKind,
    schedule,
    campus,
    seats: String(seats),
    opensOn,
    closesOn,
    courseTypes: submission.value.courseTypes,
    fee: String(submission.value.fee),
    instalments: planParts(submission.value),
  };
  try {
    if (intakeId) await api.intakes.update(courseId, intakeId, fields);
    else await api.intakes.create(courseId, fields);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw new Response("Not found", { status: 404 });
    // The API names the field when it can ("seats: …"): the message goes under it.
    const onField = /^(\w+): (.+)$/.exec(error.message);
    const message = error.status < 500 ? (onField?.[2] ?? error.message) : intakeFormMessages.failed;
    const field = onField?.[1] === "instalments" ? "instalmentAmount1" : onField?.[1];
    const fieldErrors = field && FORM_FIELDS.includes(field) ? { [field]: [message] } : undefined;
    return json({ result: submission.reply({ formErrors: [message], fieldErrors }) }, failureInit(error, 400));
  }
  return redirectWithToast(
    here,
    { message: intakeId ? t.saved : t.created, type: "success" },
    { headers: api.headers },
    request,
  );
}
