import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import { dayWords } from "@domain/intakes";
import { intakeMessageText as t } from "~/content/desk";
import { loginIfUnauthorized, requireStaffRoute } from "~/features/auth/auth.server";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

import { messageFormSchema, sendFormSchema } from "./schema";

// Message an intake (docs/decisions/080-message-an-intake.md): the form, then a preview with the
// count (a page of its own, JavaScript off too), then the send. Admissions and Admin; the API
// checks the same and counts each send against the sender's allowances.

const FIELDS = Object.keys(sendFormSchema.def.shape);
const rosterPath = (intakeId: string) => `/admin/intakes/${encodeURIComponent(intakeId)}/roster`;

function notFound(error: unknown): never | void {
  if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
}

export async function messageLoader(request: Request, route: StaffRouteId, intakeId: string) {
  const { api } = await requireStaffRoute(request, route);
  try {
    const intake = await api.desk.messageIntake(intakeId);
    return json(
      { id: intake._id, title: t.title(intake.courseTitle, dayWords(intake.startDate)) },
      { headers: api.headers },
    );
  } catch (error) {
    notFound(error);
    throw error;
  }
}

/** The API's refusal by its field ("count: …", "audience: …") or for the whole form. */
function refusal(error: UpstreamError) {
  const onField = /^(\w+): (.+)$/.exec(error.message);
  const message = error.status < 500 ? (onField?.[2] ?? error.message) : t.failed;
  const field = onField?.[1];
  return {
    message,
    fieldErrors: field && FIELDS.includes(field) && field !== "count" ? { [field]: [message] } : undefined,
  };
}

export async function messageAction(request: Request, route: StaffRouteId, intakeId: string) {
  const { api } = await requireStaffRoute(request, route);
  const { formData } = await readForm(request, FORM_LIMITS.small, formFields([sendFormSchema], ["intent"]));
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: messageFormSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply({ formErrors: [t.fixBelow] }), preview: null }, { status: 400 });
  // "Change the message": back to the form with what was typed.
  if (intent === "edit") return json({ result: submission.reply(), preview: null });
  const message = submission.value;
  try {
    if (intent === "send") {
      const sending = parseWithZod(formData, { schema: sendFormSchema });
      if (sending.status !== "success")
        return json({ result: submission.reply({ formErrors: [t.fixBelow] }), preview: null }, { status: 400 });
      const { sent } = await api.desk.sendMessage(intakeId, { ...message, count: sending.value.count });
      return redirectWithToast(
        rosterPath(intakeId),
        { message: t.sent(sent), type: "success" },
        { headers: api.headers },
        request,
      );
    }
    const { count } = await api.desk.previewMessage(intakeId, message);
    return json({ result: submission.reply(), preview: { ...message, count } });
  } catch (error) {
    await loginIfUnauthorized(error, request);
    notFound(error);
    if (!(error instanceof UpstreamError)) throw error;
    const { message: problem, fieldErrors } = refusal(error);
    // The intake changed since the preview: the preview again, with the new count and why.
    if (error.status === 409) {
      const { count } = await api.desk.previewMessage(intakeId, message);
      return json(
        { result: submission.reply({ formErrors: [problem] }), preview: { ...message, count } },
        { status: 409 },
      );
    }
    return json(
      { result: submission.reply({ formErrors: [problem], fieldErrors }), preview: null },
      failureInit(error, 400),
    );
  }
}
