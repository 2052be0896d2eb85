import { json } from "@remix-run/node";
import * as z from "zod";

import { dayWords } from "@domain/intakes";
import { formatWhen } from "@domain/schedule";
import { deskListsText as t } from "~/content/desk";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

// The desk's lists behind two of its counts (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md):
// guardians still to answer, with "send the link again", and saved forms not sent yet. A page by
// key: `?after=` carries the API's `next`, anything else opens the first page.

/** A page's key as the API gives it in `next` (`<time>_<id>`); anything else is the first page. */
const PAGE_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z_[\w-]{1,64}$/;
const pageKey = (url: URL) => {
  const after = url.searchParams.get("after") ?? "";
  return PAGE_KEY.test(after) ? after : undefined;
};

const courseAndIntake = (course: string | null, intake: { startDate: string; campus: string } | null) =>
  course && intake ? t.courseAndIntake(course, dayWords(intake.startDate), intake.campus) : course;

/** The page's address with its key, for the redirect after a form and the pager. */
const placeOf = (path: string, after: string | undefined) =>
  after ? `${path}?${new URLSearchParams({ after })}` : path;

export const GUARDIANS_PATH = "/admin/desk/guardians";

export async function guardiansLoader(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const after = pageKey(new URL(request.url));
  const { guardians, next } = await api.desk.guardiansPending(after);
  return json(
    {
      rows: guardians.map((g) => ({
        id: g._id,
        name: `${g.firstname} ${g.lastname}`,
        course: courseAndIntake(g.course, g.intake) ?? "",
        appliedAt: g.createdAt,
        applied: formatWhen(g.createdAt),
        guardian: `${g.guardian.name} (${g.guardian.relationship})`,
        to: g.guardian.to || t.guardians.noAddress,
        mayResend: Boolean(g.guardian.to),
        sentAt: g.guardian.lastSentAt,
        sent: `${formatWhen(g.guardian.lastSentAt)}, ${g.guardian.sentAgain ? t.guardians.sentAgain : t.guardians.sentWithApplication}`,
        sentAgain: g.guardian.sentAgain,
      })),
      first: Boolean(after),
      next: next ? placeOf(GUARDIANS_PATH, next) : null,
      here: placeOf(GUARDIANS_PATH, after),
    },
    { headers: api.headers },
  );
}

const resendSchema = z.object({
  intent: z.literal("guardian-resend", { error: t.guardians.unknown }),
  applicant: z.string({ error: t.guardians.unknown }).regex(/^[\w-]{1,64}$/, t.guardians.unknown),
  after: z.string().regex(PAGE_KEY).optional().catch(undefined),
});

/** "Send the link again" from a row: back to the same page with where it went, or the reason by that row. */
export async function guardiansAction(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const { formData } = await readForm(request, FORM_LIMITS.small, new Set(["intent", "applicant", "after"]));
  const parsed = resendSchema.safeParse({
    intent: formData.get("intent"),
    applicant: formData.get("applicant"),
    after: formData.get("after") ?? undefined,
  });
  if (!parsed.success) return json({ applicant: "", formError: parsed.error.issues[0].message }, { status: 400 });
  const { applicant, after } = parsed.data;
  try {
    const { guardian } = await api.desk.resendGuardian(applicant);
    return redirectWithToast(
      placeOf(GUARDIANS_PATH, after),
      { message: t.guardians.resent(guardian?.to ?? ""), type: "success" },
      { headers: api.headers },
      request,
    );
  } catch (error) {
    await loginIfUnauthorized(error, request);
    if (!(error instanceof UpstreamError)) throw error;
    // The API's words: the guardian answered meanwhile, the application closed, the address's mails for today.
    const message = error.status < 500 ? error.message : t.guardians.failed;
    return json({ applicant, formError: message }, failureInit(error, error.status === 404 ? 404 : 409));
  }
}

export async function savedFormsLoader(request: Request, route: StaffRouteId) {
  const { api } = await requireStaffRoute(request, route);
  const after = pageKey(new URL(request.url));
  const { forms, next } = await api.desk.savedForms(after);
  return json(
    {
      rows: forms.map((f, i) => ({
        // A saved form has no id of its own to show (its key is a secret's hash): its place names the row.
        key: `${f.savedAt}-${i}`,
        name: `${f.firstname} ${f.lastname}`.trim(),
        course: courseAndIntake(f.course, f.intake),
        savedAt: f.savedAt,
        saved: formatWhen(f.savedAt),
        reminder: f.reminder,
        reminded: f.remindedAt ? formatWhen(f.remindedAt) : "",
      })),
      first: Boolean(after),
      next: next ? placeOf("/admin/desk/saved-forms", next) : null,
    },
    { headers: api.headers },
  );
}
