import { json } from "@remix-run/node";
import { z } from "zod";

import { EARLY_REASON_MAX, GRADE_MAX, HOLDER_NAME_MAX, REVOCATION_REASONS } from "@domain/certificates";
import { lagosDay } from "@domain/consent";
import { dayWords } from "@domain/intakes";
import { isOneLine } from "@domain/text";
import { asStoredDay } from "@domain/typed-day";
import { certificatesStaffText as t } from "~/content/certificates";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { certificatesUpstream } from "~/upstream/certificates.server";
import { BeforeStartError, FeesOwedError, UpstreamError } from "~/upstream/index.server";
import { readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

// The staff's certificates page (docs/decisions/058): a course's enrolled students, completion,
// issue and revocation, each a plain form (an `intent`), so all of it works without JavaScript.
// Roles: the applicants permission (Admin, Admissions), checked again by the API.

const course = z.string().trim().min(1, t.chooseCourse).max(200).refine(isOneLine, t.chooseCourse);
const applicantId = z.string().regex(/^[a-f0-9]{24}$/, t.badRequest);
// An intake of the course (docs/decisions/068), or "" for the whole course.
const intake = z.union([z.literal(""), z.string().regex(/^[a-f0-9]{24}$/, t.badRequest)]).default("");
const completedOn = z
  .string()
  .overwrite(asStoredDay)
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the day the course was completed")
  .refine((d) => d <= lagosDay(), "The completion day cannot be in the future");
const grade = z.string().trim().max(GRADE_MAX, `At most ${GRADE_MAX} characters`).refine(isOneLine, t.badRequest);

/** The confirmation's button: staff saw the fees still owed and go on (docs/decisions/093). */
const confirmOwed = z.literal("yes").optional();
/** Why a completion comes before the intake's first day, asked once the API refused it (docs/decisions/098). */
const earlyReason = z
  .string()
  .trim()
  .min(3, t.earlyReasonInvalid)
  .max(EARLY_REASON_MAX, t.earlyReasonInvalid)
  .refine(isOneLine, t.earlyReasonInvalid)
  .optional();

export const certificateForms = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("complete"),
    course,
    intake,
    applicantId,
    completedOn,
    grade,
    confirmOwed,
    earlyReason,
  }),
  z.object({ intent: z.literal("complete-all"), course, intake, completedOn, grade, confirmOwed, earlyReason }),
  z.object({
    intent: z.literal("issue"),
    course,
    intake,
    applicantId,
    confirmOwed,
    holderName: z
      .string()
      .trim()
      .min(2, "Give the name to print on the certificate")
      .max(HOLDER_NAME_MAX, `At most ${HOLDER_NAME_MAX} characters`)
      .refine(isOneLine, "Give the name to print on the certificate"),
  }),
  z.object({ intent: z.literal("issue-all"), course, intake, confirmOwed }),
  z.object({
    intent: z.literal("revoke"),
    course,
    intake,
    number: z.string().trim().min(1).max(40),
    reason: z.enum(REVOCATION_REASONS, { error: "Choose why the certificate is revoked" }),
  }),
]);

/**
 * `owedConfirm`: refused while fees are owed; the page offers the same form again, confirmed
 * (docs/decisions/093). `reasonAsk`: refused before the intake's first day; the page offers the
 * same form again with a field for the reason (docs/decisions/098).
 */
export type CertificateFormFailure = {
  error: string;
  values: Record<string, string>;
  owedConfirm?: boolean;
  reasonAsk?: boolean;
};

export async function certificatesLoader(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const url = new URL(request.url);
  const chosen = course.safeParse(url.searchParams.get("course") ?? "");
  const certificates = certificatesUpstream(request);
  try {
    const courses = await api.courses.options();
    // The chosen course's intakes; an intake of another course (a stale link) means the whole course.
    const courseId = chosen.success ? courses.find((c) => c.title === chosen.data)?._id : undefined;
    const intakes = courseId ? await api.intakes.staffList(courseId) : [];
    const wanted = url.searchParams.get("intake") ?? "";
    const intakeId = intakes.some((i) => i._id === wanted) ? wanted : "";
    const graduates = chosen.success ? await certificates.graduates(chosen.data, intakeId) : null;
    return json(
      {
        courses: courses.map((c) => c.title),
        course: chosen.success ? chosen.data : "",
        intakes: intakes.map((i) => ({ id: i._id, label: t.intakeOption(dayWords(i.startDate), i.campus) })),
        intake: intakeId,
        graduates,
        today: lagosDay(),
      },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    throw error;
  }
}

export async function certificatesAction(request: Request, route: StaffRouteId) {
  await requireStaffRoute(request, route);
  const { formData } = await readForm(request);
  const values = Object.fromEntries([...formData].map(([k, v]) => [k, String(v)]));
  const parsed = certificateForms.safeParse(values);
  if (!parsed.success)
    return json<CertificateFormFailure>(
      // A reason that does not do is asked for again, with what was typed.
      { error: parsed.error.issues[0]?.message ?? t.badRequest, values, reasonAsk: "earlyReason" in values },
      { status: 400 },
    );
  const form = parsed.data;
  const api = certificatesUpstream(request);
  const back = `/admin/certificates?${new URLSearchParams(form.intake ? { course: form.course, intake: form.intake } : { course: form.course })}`;
  try {
    let message: string;
    if (form.intent === "complete" || form.intent === "complete-all") {
      const whom =
        form.intent === "complete"
          ? { applicantIds: [form.applicantId] }
          : { course: form.course, intake: form.intake || undefined, all: true as const };
      const done = await api.complete(
        whom,
        form.completedOn,
        form.grade || undefined,
        form.confirmOwed === "yes",
        form.earlyReason || undefined,
      );
      message = t.completed(done.completed);
    } else if (form.intent === "issue" || form.intent === "issue-all") {
      const input =
        form.intent === "issue"
          ? { items: [{ applicantId: form.applicantId, holderName: form.holderName }] }
          : { course: form.course, intake: form.intake || undefined, all: true as const };
      message = t.issued((await api.issue(input, form.confirmOwed === "yes")).issued.length);
    } else {
      await api.revoke(form.number, form.reason);
      message = t.revoked;
    }
    return redirectWithToast(back, { message, type: "success" }, { headers: api.headers }, request);
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (error instanceof BeforeStartError)
      return json<CertificateFormFailure>({ error: error.message, values, reasonAsk: true }, { status: 409 });
    if (error instanceof FeesOwedError)
      return json<CertificateFormFailure>({ error: error.message, values, owedConfirm: true }, { status: 409 });
    if (error instanceof UpstreamError && error.status < 500) {
      const text = error.status === 404 ? t.notFound : error.message;
      return json<CertificateFormFailure>({ error: text, values }, failureInit(error, 400));
    }
    throw error;
  }
}
